/**
 * Once per `vitest run`, before the server files: the migrated PGlite templates (harness.ts), so
 * that no two workers make the same one at once and no file's first test pays for it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import "./setup.ts";
import { preparedDataDir } from "./harness.ts";

export default async function setup(): Promise<void> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "nu-template-"));
  try {
    for (const seed of ["demo", "none"] as const) await preparedDataDir(path.join(scratch, seed), seed);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
