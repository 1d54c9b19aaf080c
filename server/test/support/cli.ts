import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { auditReadTool } from "../../cli/audit-read.ts";
import { createStaffTool } from "../../cli/create-staff.ts";
import { leadsExportTool } from "../../cli/leads-export.ts";
import { loadCatalogueTool } from "../../cli/load-catalogue.ts";
import { publishTextsTool } from "../../cli/publish-texts.ts";
import { setStaffEmailTool } from "../../cli/set-staff-email.ts";
import { setStaffPasswordTool } from "../../cli/set-staff-password.ts";
import { runTool, type Tool } from "../../cli/tool.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");

const TOOLS: Record<string, Tool> = {
  "create-staff": createStaffTool,
  "set-staff-email": setStaffEmailTool,
  "set-staff-password": setStaffPasswordTool,
  "load-catalogue": loadCatalogueTool,
  "publish-texts": publishTextsTool,
  "leads-export": leadsExportTool,
  "audit-read": auditReadTool,
};

export type CliName = keyof typeof TOOLS;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function given(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<string, string>;
}

/**
 * A command-line tool of server/cli/ as operators run it, in this process: with only the
 * environment given (undefined entries left out), its lines captured as the process prints them.
 */
export async function runCli(
  tool: CliName,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<CliResult> {
  let stdout = "";
  let stderr = "";
  const code = await runTool(TOOLS[tool], args, given(env), {
    out: (line) => {
      stdout += `${line}\n`;
    },
    err: (line) => {
      stderr += `${line}\n`;
    },
  });
  return { code, stdout, stderr };
}

/** The same tool in a process of its own (`node --import tsx server/cli/<tool>.ts`): its wiring. */
export function runCliProcess(
  tool: CliName,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<CliResult> {
  const child = spawn(process.execPath, ["--import", "tsx", `server/cli/${tool}.ts`, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: os.tmpdir(), ...given(env) },
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
