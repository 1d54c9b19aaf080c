/**
 * One process at a time on a PGlite data folder: PGlite takes no lock of its own, and
 * two processes on one folder each keep their own copy in memory and overwrite the other's
 * acknowledged writes. The lock is a file created exclusively, holding the owner's process id,
 * a nonce of this open and the process's start time (Linux: /proc/<pid>/stat). A file left behind
 * by a crash (`kill -9`) is taken over when its process no longer runs, and also when the process
 * id is alive but is not the owner: another process reused the number (its start time differs),
 * or it is this very process (a container's PID 1 started again) with a nonce it never made.
 * Without /proc (macOS) a live process id is taken as the owner (docs/deploy.md).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ConfigError } from "../config.ts";

export const LOCK_FILE = "pglite.lock";

/** Nonces of the locks this process holds now. */
const held = new Set<string>();

/** Takes the lock of `dataDir` for this process; the function returned releases it. */
export function lockDataFolder(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const nonce = randomBytes(12).toString("hex");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n${nonce}\n${startTimeOf(process.pid) ?? ""}\n`, {
        flag: "wx",
        mode: 0o600,
      });
      held.add(nonce);
      return () => {
        held.delete(nonce);
        if (readLock(file)?.nonce === nonce) fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readLock(file);
      if (owner !== null && holdsIt(owner))
        throw new ConfigError(
          `${dataDir} is in use by another nu-forms server (process ${owner.pid}); stop it first, or give this one its own DATA_DIR or a DATABASE_URL. If no server runs, delete ${file}.`,
        );
      fs.rmSync(file, { force: true });
    }
  }
  throw new ConfigError(`could not lock ${dataDir} (${file} keeps reappearing)`);
}

interface LockOwner {
  pid: number;
  nonce: string | null;
  startTime: string | null;
}

function readLock(file: string): LockOwner | null {
  try {
    const [pidText, nonce, startTime] = fs.readFileSync(file, "utf8").split("\n");
    const pid = Number.parseInt(pidText, 10);
    if (!Number.isInteger(pid) || pid <= 0) return null;
    return { pid, nonce: nonce || null, startTime: startTime || null };
  } catch {
    return null;
  }
}

/** Whether the process the lock names still holds it. */
function holdsIt(owner: LockOwner): boolean {
  if (owner.pid === process.pid) return owner.nonce !== null && held.has(owner.nonce);
  if (!running(owner.pid)) return false;
  const startTime = startTimeOf(owner.pid);
  if (startTime === null) return true; // no /proc: cannot tell a reused number, so keep out
  // A lock of an older version (no start time): a process that is not Node cannot be its owner.
  if (owner.startTime === null) return commandOf(owner.pid).includes("node");
  return startTime === owner.startTime;
}

/** Field 22 of /proc/<pid>/stat (clock ticks after boot), after the command's parenthesis. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
  } catch {
    return "";
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
