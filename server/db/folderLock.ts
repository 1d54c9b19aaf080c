/**
 * One process at a time on a PGlite data folder: PGlite takes no lock of its own, and
 * two processes on one folder each keep their own copy in memory and overwrite the other's
 * acknowledged writes. The lock is a file holding the owner's process id, created exclusively; a
 * file left behind by a process that no longer runs (a crash, `kill -9`) is taken over.
 */
import fs from "node:fs";
import path from "node:path";
import { ConfigError } from "../config.ts";

export const LOCK_FILE = "pglite.lock";

/** Takes the lock of `dataDir` for this process; the function returned releases it. */
export function lockDataFolder(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: "wx", mode: 0o600 });
      return () => {
        if (ownerOf(file) === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = ownerOf(file);
      if (owner !== null && running(owner))
        throw new ConfigError(
          `${dataDir} is in use by another nu-forms server (process ${owner}); stop it first, or give this one its own DATA_DIR or a DATABASE_URL. If no server runs, delete ${file}.`,
        );
      fs.rmSync(file, { force: true });
    }
  }
  throw new ConfigError(`could not lock ${dataDir} (${file} keeps reappearing)`);
}

function ownerOf(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
