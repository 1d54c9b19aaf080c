import { mkdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { E2E_PORT } from "./env.ts";

/** The demo staff with the one-time-code step (the README's demo accounts). */
const CODE_STAFF = new Set(["S002"]);
/** A lock older than this was left by a worker that died holding it. */
const STALE_MS = 60_000;

/**
 * Runs `task` (a sign-in of `staffId` through to its one-time code) while no other worker of this
 * suite signs the same staff id in. Each new code replaces the one before, so two tests signing
 * S002 in at once would read each other's code from the dev outbox. Staff without the code step
 * run at once.
 */
export async function oneCodeAtATime<T>(staffId: string, task: () => Promise<T>): Promise<T> {
  if (!CODE_STAFF.has(staffId)) return task();
  const lock = join(tmpdir(), `nu-forms-e2e-${E2E_PORT}-code-${staffId}.lock`);
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const since = await stat(lock).then(
        (info) => Date.now() - info.mtimeMs,
        () => 0,
      );
      if (since > STALE_MS) await rm(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await task();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}
