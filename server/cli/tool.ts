/**
 * The shape of every command-line tool in this folder: arguments and environment in, lines out,
 * an exit status back. The tools run the same way in a test (in-process, with the lines
 * captured) as from a shell, where `runWhenEntry` gives them the process's own.
 */
import path from "node:path";

export interface ToolIo {
  out(line: string): void;
  err(line: string): void;
  /** Where a tool that writes a file to stdout (leads-export) writes it; the process's stdout when absent. */
  stdout?: NodeJS.WritableStream;
}

export type Tool = (args: string[], env: NodeJS.ProcessEnv, io: ToolIo) => Promise<number>;

/** Ends a tool early: `lines` go to stderr and the tool's exit status is `status`. */
export class ToolExit extends Error {
  constructor(
    readonly status: number,
    readonly lines: string[],
  ) {
    super(lines.join("; "));
  }
}

/** Runs `tool` as a tool does: a ToolExit is its lines and status; anything else is a bug. */
export async function runTool(
  tool: Tool,
  args: string[],
  env: NodeJS.ProcessEnv,
  io: ToolIo,
): Promise<number> {
  try {
    return await tool(args, env, io);
  } catch (error) {
    if (!(error instanceof ToolExit)) throw error;
    for (const line of error.lines) io.err(line);
    return error.status;
  }
}

/** Runs `tool` with the process's arguments, environment and streams when its module is the entry point. */
export function runWhenEntry(meta: ImportMeta, tool: Tool): void {
  const entry = process.argv[1];
  if (!entry || path.resolve(entry) !== meta.filename) return;
  const io = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };
  runTool(tool, process.argv.slice(2), process.env, io).then((status) => {
    process.exitCode = status;
  });
}
