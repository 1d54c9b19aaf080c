import { type ChildProcessByStdio, spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/**
 * A hang guard for tests that start `server/main.ts` (tsx, migrations, the demo seed's password
 * hashes): on a loaded 2-core machine that alone took over 30 s. Not a timing assertion.
 */
export const PROCESS_TIMEOUT_MS = 90_000;

export type MainProcess = ChildProcessByStdio<null, Readable, Readable> & {
  /** Everything the process wrote so far, stdout and stderr together. */
  output: () => string;
  /** The URL of its `nu-forms listening on …` line; rejects with the output if it exits first. */
  listening: () => Promise<URL>;
};

/**
 * The real `server/main.ts` in a process of its own, on 127.0.0.1 and a free port, with only the
 * environment given (undefined entries left out), not the test runner's.
 */
export function spawnMain(env: Record<string, string | undefined>): MainProcess {
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), HOST: "127.0.0.1", PORT: "0", ...given },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout.on("data", (d) => {
    text += d;
  });
  child.stderr.on("data", (d) => {
    text += d;
  });
  const listening = new Promise<URL>((resolve, reject) => {
    child.stdout.on("data", () => {
      const m = /nu-forms listening on (http:\/\/\S+)/.exec(text);
      if (m) resolve(new URL(m[1]));
    });
    child.once("exit", (code) => reject(new Error(`exited ${code}: ${text}`)));
  });
  listening.catch(() => {});
  return Object.assign(child, { output: () => text, listening: () => listening });
}
