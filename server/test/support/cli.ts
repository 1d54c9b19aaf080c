import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../../..");

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * A command-line tool of server/cli/ in a process of its own, with only the environment given
 * (undefined entries left out), not the test runner's.
 */
export function runCli(
  tool: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<CliResult> {
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
  const child = spawn(process.execPath, ["--import", "tsx", `server/cli/${tool}.ts`, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), ...given },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => {
    stdout += d;
  });
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, stdout, stderr })));
}
