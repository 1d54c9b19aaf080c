import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ALS_URL_HEADER } from "../lib/core/alsUrl.ts";
import { devEnv } from "./dev.ts";
import { chooseBrowser, ensureBrowser, NO_BROWSER_LINE } from "./ensure-browser.ts";
import { buildFailureText } from "./start.ts";

const ROOT = resolve(import.meta.dirname, "..");

describe("npm run dev's environment", () => {
  it("leaves the address lookup alone without --offline", () => {
    expect(devEnv([], { PORT: "9090" })).toEqual({ PORT: "9090" });
  });

  it("points ALS_URL at the playback with --offline, on ALS_PORT or 8182", () => {
    expect(devEnv(["--offline"], {}).ALS_URL).toBe("http://127.0.0.1:8182/lookup");
    expect(devEnv(["--offline"], { ALS_PORT: "8482" })).toMatchObject({
      ALS_PORT: "8482",
      ALS_URL: "http://127.0.0.1:8482/lookup",
    });
  });
});

describe("npm run start:offline", () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill("SIGTERM");
  });

  it("starts the playback and the server in one command, in a few lines, the server naming the playback", {
    timeout: 120_000,
  }, async () => {
    const alsPort = process.env.ALS_PORT ?? "8182";
    child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts", "--offline", "--no-build"], {
      cwd: ROOT,
      env: { ...process.env, ALS_PORT: alsPort, PORT: "0", DATABASE_URL: "memory://", SEED: "none" },
    });
    let output = "";
    const url = await new Promise<string>((done, fail) => {
      child?.stdout?.on("data", (chunk: Buffer) => {
        output += chunk;
        const found = /nu-forms listening on (http:\/\/\S+)/.exec(output);
        if (found) done(found[1]);
      });
      child?.on("exit", (code) => fail(new Error(`start.ts exited ${code}: ${output}`)));
    });
    const before = output.slice(0, output.indexOf("nu-forms listening")).trim().split("\n");
    expect(before.length).toBeLessThanOrEqual(6);
    const answer = await fetch(`${url}/api/maintenance`, { headers: { "x-api-key": "nu-forms-dev-key" } });
    await answer.arrayBuffer();
    const alsUrl = `http://127.0.0.1:${alsPort}/lookup`;
    expect(answer.headers.get(ALS_URL_HEADER)).toBe(alsUrl);
    await expect.poll(async () => (await fetch(`${alsUrl}?q=amoy`).catch(() => null))?.status).toBe(200);
  });

  it("shows a failed build's errors, not its whole log", () => {
    const log = Array.from({ length: 400 }, (_, i) => `dist/chunk-${i}.js 1 kB`).join("\n");
    expect(buildFailureText(log, "error TS2304: Cannot find name 'x'.\n")).toBe(
      "error TS2304: Cannot find name 'x'.",
    );
    expect(buildFailureText(`${log}\nBuild failed`, "").split("\n")).toHaveLength(30);
  });
});

describe("npm test's browser", () => {
  const dir = mkdtempSync(join(tmpdir(), "nu-forms-browser-"));
  const installed = join(dir, "chrome");
  writeFileSync(installed, "");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps the machine's Chromium (CI's Debian one) and installs nothing", () => {
    const choice = chooseBrowser("/usr/bin/chromium", join(dir, "missing"));
    expect(choice).toEqual({ kind: "system", path: "/usr/bin/chromium" });
    const said: string[] = [];
    expect(
      ensureBrowser(
        choice,
        () => expect.unreachable("no install"),
        (line) => said.push(line),
      ),
    ).toBe(true);
    expect(said).toEqual([]);
  });

  it("uses Playwright's Chromium once installed, and installs it when missing", () => {
    expect(chooseBrowser(undefined, installed).kind).toBe("playwright");
    const missing = chooseBrowser(undefined, join(dir, "missing"));
    expect(missing.kind).toBe("install");
    let ran = 0;
    expect(
      ensureBrowser(
        missing,
        () => ++ran > 0,
        () => {},
      ),
    ).toBe(true);
    expect(ran).toBe(1);
  });

  it("says in one line what to install when the installer cannot run", () => {
    const said: string[] = [];
    expect(
      ensureBrowser(
        chooseBrowser(undefined, join(dir, "missing")),
        () => false,
        (l) => said.push(l),
      ),
    ).toBe(false);
    expect(said.at(-1)).toBe(NO_BROWSER_LINE);
    expect(NO_BROWSER_LINE).not.toContain("\n");
    expect(NO_BROWSER_LINE).toContain("apt-get install -y chromium");
  });
});
