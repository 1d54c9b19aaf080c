/**
 * Periodic clean-up of what only matters for a while (rate-limit events, spent codes, old
 * idempotency keys, old outbox rows) and a retry of unsent mail. Safe to run on every instance.
 */
import type { Deps } from "../deps.ts";
import { KNOWN_ADDRESS_DAYS } from "./attempts.ts";

const EVERY_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function cleanUp(deps: Deps): Promise<void> {
  const nowMs = deps.now();
  const before = (ms: number) => new Date(nowMs - ms).toISOString();
  await deps.db.query("DELETE FROM rate_events WHERE at < $1", [before(2 * 60 * 60 * 1000)]);
  // The longest window counted there is a day (a staff id's failures over all addresses).
  await deps.db.query("DELETE FROM sign_in_failures WHERE at < $1", [before(DAY_MS + 60 * 60 * 1000)]);
  await deps.db.query("DELETE FROM sign_in_known WHERE last_at < $1", [before(KNOWN_ADDRESS_DAYS * DAY_MS)]);
  // A code nobody mailed is of no use once it has expired: it is not kept in clear any longer.
  await deps.db.query(
    "UPDATE outbox SET code = NULL, text = NULL, html = NULL WHERE code IS NOT NULL AND expires_at <= $1",
    [before(0)],
  );
  await deps.db.query("DELETE FROM one_time_codes WHERE created_at < $1", [before(DAY_MS)]);
  await deps.db.query("DELETE FROM used_challenges WHERE expires_at < $1", [before(0)]);
  await deps.db.query("DELETE FROM idempotency_keys WHERE created_at < $1", [before(DAY_MS)]);
  await deps.db.query("DELETE FROM outbox WHERE created_at < $1", [before(7 * DAY_MS)]);
  // Webhook events and their delivery log are kept 30 days (docs/webhooks.md): past the 24-hour
  // retry window, long enough for an admin to look back and retry.
  await deps.db.query("DELETE FROM webhook_events WHERE created_at < $1", [before(30 * DAY_MS)]);
  // An ended session's row is kept a day after its end (its tokens have expired by then).
  await deps.db.query("DELETE FROM auth_sessions WHERE expires_at < $1", [before(DAY_MS)]);
}

/** Starts the timer; returns the function that stops it. */
export function startHousekeeping(deps: Deps): () => void {
  const timer = setInterval(() => {
    cleanUp(deps)
      .then(() => deps.mailer.flush())
      .catch((error) => deps.logger.error(`housekeeping failed (${(error as Error).name})`));
  }, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
