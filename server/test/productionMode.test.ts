/**
 * NODE_ENV=production: the server's start (server/launch.ts, what `server/main.ts` runs) refuses
 * each demo default with one line naming the setting, and with everything set it starts without a
 * dev outbox. The start runs on a throwaway PostgreSQL when TEST_DATABASE_URL is set, else on
 * embedded PGlite in a temporary folder. The starts run in this process; the last describe runs
 * the real `server/main.ts` process for a refused start (stderr, exit status 1); a started one
 * and its SIGTERM are operations.test.ts's.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../app.ts";
import { launch, startFailureLines } from "../launch.ts";
import {
  clientFor,
  freshPostgresDatabase,
  pgliteTemplate,
  preparedDataDir,
  TEST_DATABASE_URL,
} from "./harness.ts";
import { PROCESS_TIMEOUT_MS, spawnMain } from "./support/mainProcess.ts";

const GOOD: Record<string, string> = {
  NODE_ENV: "production",
  SMTP_URL: "smtp://127.0.0.1:9",
  API_KEY: "brand-key-7c1f0a3e9b",
  TOKEN_SECRET: "x7Qe9rT2uV5wY8zA1bC4dF6gH9jK2mN5",
  SEED: "none",
};
const dataDirs: string[] = [];

interface Started {
  server?: RunningServer;
  /** What the start said, and on a failure what the process would print before exit 1. */
  lines: string[];
}

/**
 * The start with only the environment given, on 127.0.0.1 and a free port; the embedded database
 * in memory, from a migrated copy (harness.ts), unless DATABASE_URL says otherwise. DATABASE_URL
 * undefined: PGlite in DATA_DIR, a copy of a migrated folder (opening it costs less than loading
 * the in-memory copy).
 */
async function start(env: Record<string, string | undefined>): Promise<Started> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nu-prod-"));
  dataDirs.push(dataDir);
  const lines: string[] = [];
  const given: Record<string, string | undefined> = {
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PORT: "0",
    DATABASE_URL: "memory://",
    ...env,
  };
  const seed = given.SEED === "none" || given.NODE_ENV === "production" ? "none" : "demo";
  if (given.DATABASE_URL === undefined) await preparedDataDir(dataDir, seed);
  try {
    const server = await launch(given, (line) => lines.push(line), {
      log: () => {},
      pgliteTemplate: given.DATABASE_URL === "memory://" ? await pgliteTemplate(seed) : undefined,
    });
    return { server, lines };
  } catch (error) {
    return { lines: [...lines, ...startFailureLines(error)] };
  }
}

async function refusal(
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; lines: string[] }> {
  const { server, lines } = await start(env);
  await server?.stop();
  return { code: server ? 0 : 1, lines };
}

afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("production mode refuses to start on demo settings", () => {
  it("without SMTP_URL", async () => {
    const { code, lines } = await refusal({ ...GOOD, SMTP_URL: undefined });
    expect(code).not.toBe(0);
    expect(lines).toEqual([expect.stringMatching(/^nu-forms: SMTP_URL is not set/)]);
  });

  it("without API_KEY", async () => {
    const { code, lines } = await refusal({ ...GOOD, API_KEY: undefined });
    expect(code).not.toBe(0);
    expect(lines).toEqual([expect.stringMatching(/^nu-forms: API_KEY is not set/)]);
  });

  it("with the published development API key", async () => {
    const { code, lines } = await refusal({ ...GOOD, API_KEY: "nu-forms-dev-key" });
    expect(code).not.toBe(0);
    expect(lines).toEqual([expect.stringMatching(/^nu-forms: API_KEY is the published development key/)]);
  });

  it("without TOKEN_SECRET", async () => {
    const { code, lines } = await refusal({ ...GOOD, TOKEN_SECRET: undefined });
    expect(code).not.toBe(0);
    expect(lines).toEqual([expect.stringMatching(/^nu-forms: TOKEN_SECRET is not set/)]);
  });

  it("with a TOKEN_SECRET shorter than 32 bytes", async () => {
    const { code, lines } = await refusal({ ...GOOD, TOKEN_SECRET: "a".repeat(31) });
    expect(code).not.toBe(0);
    expect(lines).toEqual([expect.stringMatching(/^nu-forms: TOKEN_SECRET is shorter than 32 bytes/)]);
  });

  it("when demo seeding is asked for", async () => {
    const { code, lines } = await refusal({ ...GOOD, SEED: "demo" });
    expect(code).not.toBe(0);
    expect(lines).toEqual([expect.stringMatching(/^nu-forms: SEED=demo/)]);
  });

  it("with a malformed SMTP_URL: one line naming it, the password never shown", async () => {
    for (const smtp of [
      "mailuser:Sup3rSecretPw@smtp.example.com:465",
      "smtps://mailuser:Sup3r#SecretPw@smtp.example.com:465",
    ]) {
      const { code, lines } = await refusal({ ...GOOD, SMTP_URL: smtp });
      expect(code, smtp).toBe(1);
      expect(lines, smtp).toEqual([
        expect.stringMatching(/^nu-forms: SMTP_URL (is not a URL like|must start with smtp)/),
      ]);
      expect(lines.join("\n")).not.toMatch(/SecretPw|mailuser/);
    }
  });

  it("names every problem on its own line", async () => {
    const { code, lines } = await refusal({ NODE_ENV: "production" });
    expect(code).not.toBe(0);
    expect(lines.map((l) => l.split(" ")[1])).toEqual(["SMTP_URL", "API_KEY", "TOKEN_SECRET"]);
  });
});

describe("production mode with every setting", { timeout: PROCESS_TIMEOUT_MS }, () => {
  let server: RunningServer | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  it(`starts (${TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}), says so, and has no dev outbox (404 with any key)`, async () => {
    let databaseUrl = "memory://";
    if (TEST_DATABASE_URL) {
      const fresh = await freshPostgresDatabase();
      databaseUrl = fresh.url;
      drop = fresh.drop;
    }
    const started = await start({ ...GOOD, DATABASE_URL: databaseUrl });
    server = started.server;
    expect(server, started.lines.join("\n")).toBeDefined();
    const url = server?.url ?? "";
    const output = started.lines.join("\n");
    expect(started.lines[0]).toMatch(/production mode/);
    expect(output).not.toContain("DEMO MODE");
    expect(output).toMatch(/PUBLIC_ORIGIN is not set/);
    // A database that dies with the process is said loudly; a real one is not warned about.
    if (databaseUrl === "memory://")
      expect(output).toMatch(/WARNING: DATABASE_URL=memory:\/\/ in production/);
    else expect(output).not.toMatch(/WARNING: DATABASE_URL/);
    // An empty production database: what is still missing before the first customer, said at start.
    expect(output.match(/^nu-forms: not ready for customers: .*$/gm)).toHaveLength(6);
    expect(output).toMatch(/not ready for customers: the pages and e-mails carry the demo brand/);
    expect(output).toMatch(/not ready for customers: the privacy policy and the PICS/);
    expect(output).toMatch(/not ready for customers: no admin staff member/);
    expect(output).toMatch(/not ready for customers: MAIL_FROM is not set: .*no-reply@localhost/);
    // Production seeds no fictional catalogue.
    expect(output).toMatch(/not ready for customers: no products: /);
    expect(output).toMatch(/not ready for customers: no partner clinics: /);
    for (const apiKey of [GOOD.API_KEY, "nu-forms-dev-key", null]) {
      const call = clientFor(url, { apiKey: GOOD.API_KEY });
      const res = await call("GET", "/api/dev/outbox?email=a%40b.hk", { apiKey });
      expect(res.status).toBe(404);
      const staff = await call("GET", "/api/dev/outbox?staff_id=S002", { apiKey });
      expect(staff.status).toBe(404);
    }
    const call = clientFor(url, { apiKey: GOOD.API_KEY });
    const sent = await call("POST", "/api/auth/email/code", {
      body: { email: "p@example.com", flow: "nuform" },
    });
    expect(sent.status).toBe(200);
    // Empty database: no demo accounts.
    const demo = await call("POST", "/api/staff/login", {
      body: { staff_id: "A001", password: "Nu-demo-2026" },
    });
    expect(demo.status).toBe(401);
  });
});

it("refuses a PUBLIC_ORIGIN that is not an origin, naming it", async () => {
  const { code, lines } = await refusal({ ...GOOD, PUBLIC_ORIGIN: "https://forms.example.hk/enrol" });
  expect(code).not.toBe(0);
  expect(lines.join("\n")).toMatch(/PUBLIC_ORIGIN must look like/);
});

describe("demo mode", { timeout: PROCESS_TIMEOUT_MS }, () => {
  it("says in its first lines that it is the demo", async () => {
    const started = await start({ DATABASE_URL: undefined });
    await started.server?.stop();
    expect(started.lines[0]).toMatch(/DEMO MODE/);
    expect(started.lines).toContain(
      "dev outbox ON: no SMTP_URL, codes are kept for GET /api/dev/outbox instead of being mailed",
    );
  });
});

describe("the server/main.ts process", { timeout: PROCESS_TIMEOUT_MS }, () => {
  it("a refused start: each problem one line on stderr, nothing on stdout, exit status 1", async () => {
    const child = spawnMain({ NODE_ENV: "production" });
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(
      stderr
        .trim()
        .split("\n")
        .map((l) => l.split(" ")[1]),
    ).toEqual(["SMTP_URL", "API_KEY", "TOKEN_SECRET"]);
    expect(child.output().trim()).toBe(stderr.trim());
  });
});

describe("start-up failures: one nu-forms line, no stack trace", { timeout: PROCESS_TIMEOUT_MS }, () => {
  async function failure(env: Record<string, string | undefined>): Promise<string[]> {
    const { code, lines } = await refusal(env);
    expect(code).toBe(1);
    expect(lines.join("\n")).not.toMatch(/^\s+at /m);
    return lines.filter(
      (l) => l.startsWith("nu-forms: ") && !/^nu-forms: (production mode|DEMO MODE|not for real)/.test(l),
    );
  }

  it("a format error is reported with the production problems, not alone", async () => {
    const lines = await failure({
      NODE_ENV: "production",
      PORT: "abc",
      API_KEY: "nu-forms-dev-key",
      TOKEN_SECRET: "short",
      SEED: "demo",
      TRUST_PROXY: "on",
    });
    expect(lines.map((l) => l.split(" ")[1])).toEqual([
      "PORT",
      "TRUST_PROXY",
      "SMTP_URL",
      "API_KEY",
      "TOKEN_SECRET",
      "SEED=demo",
    ]);
  });

  it("a database that cannot be reached, named without its password", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const lines = await failure({ DATABASE_URL: `postgres://nu:S3cretDbPw@127.0.0.1:${port}/nu` });
    expect(lines).toEqual([
      `nu-forms: cannot reach the database (PostgreSQL 127.0.0.1:${port}/nu): ECONNREFUSED; is PostgreSQL running there, and are the host and port of DATABASE_URL right?`,
    ]);
  });

  it.each([
    [
      "a misspelt scheme",
      "postgress://nu:S3cretDbPw@127.0.0.1/nu",
      /^nu-forms: DATABASE_URL must be "memory:\/\/" or start with postgres:\/\//,
    ],
    [
      "a # in the password",
      "postgres://nu:S3cret#DbPw@127.0.0.1/nu",
      /^nu-forms: DATABASE_URL is not a URL like/,
    ],
  ])("DATABASE_URL with %s", async (_, url, expected) => {
    const lines = await failure({ DATABASE_URL: url });
    expect(lines).toEqual([expect.stringMatching(expected)]);
    expect(lines.join("\n")).not.toContain("S3cret");
  });

  it("a HOST that is no address of this machine", async () => {
    const lines = await failure({ DATABASE_URL: undefined, HOST: "999.1.1.1" });
    expect(lines).toEqual([
      expect.stringMatching(/^nu-forms: HOST "999\.1\.1\.1" is not an address of this machine/),
    ]);
  });

  it("a port in use", async () => {
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    const port = (busy.address() as net.AddressInfo).port;
    try {
      const lines = await failure({ DATABASE_URL: undefined, PORT: String(port) });
      expect(lines).toEqual([
        `nu-forms: port ${port} on 127.0.0.1 is already in use (another process, perhaps another nu-forms, listens there): stop it or set another PORT`,
      ]);
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  });

  it("SMTP_URL=notaurl", async () => {
    const lines = await failure({ DATABASE_URL: "memory://", SMTP_URL: "notaurl" });
    expect(lines).toEqual([expect.stringMatching(/^nu-forms: SMTP_URL is not a URL like/)]);
  });

  it.skipIf(!TEST_DATABASE_URL)("a role that does not exist (needs TEST_DATABASE_URL)", async () => {
    const url = new URL(TEST_DATABASE_URL ?? "");
    url.username = "no_such_role";
    url.password = "S3cretDbPw";
    const lines = await failure({ DATABASE_URL: url.toString() });
    expect(lines).toEqual([
      expect.stringMatching(
        /^nu-forms: the database refused the connection \(PostgreSQL .*\): .*no_such_role/,
      ),
    ]);
    expect(lines.join("\n")).not.toContain("S3cret");
  });
});
