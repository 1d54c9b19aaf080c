/**
 * Starts a server instance of its own (own in-memory database) on a free port of 127.0.0.1: one
 * per Playwright worker (e2e/support/test.ts), and extra ones for tests that change server-wide
 * state, such as the maintenance record. Serves the build in dist/ (`npm run build` first).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { resolve } from "node:path";
import { ALS_PLAYBACK_URL } from "./env.ts";

const repoRoot = resolve(import.meta.dirname, "../..");

export interface RunningServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

export async function startServer(
  env: Record<string, string> | ((port: number) => Record<string, string>) = {},
): Promise<RunningServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: "memory://",
      ALS_URL: ALS_PLAYBACK_URL,
      ...(typeof env === "function" ? env(port) : env),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((ready, fail) => {
    // Generous: on a loaded 2-core machine the first start (tsx + PGlite + migrations) is slow.
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      fail(new Error(`server did not start:\n${output}`));
    }, 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("nu-forms listening on")) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  child.removeAllListeners("exit");
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once("exit", () => done());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      }),
  };
}
