import fs from "node:fs";

/** A JSON file the operator gave a CLI tool: its content, or why it cannot be read, in words. */
export function readJsonFile(file: string): { json: unknown } | { problem: string } {
  try {
    return { json: JSON.parse(fs.readFileSync(file, "utf8")) };
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e.code === "ENOENT") return { problem: "no such file" };
    return { problem: e instanceof SyntaxError ? `not valid JSON (${e.message})` : e.message };
  }
}
