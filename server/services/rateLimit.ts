/**
 * Sliding-window rate limits kept in the database, so every instance on one PostgreSQL counts
 * the same events. Each bucket is locked (transaction-scoped advisory lock) while it is counted
 * and written, so concurrent requests cannot both take the last slot.
 */
import type { Queryable } from "../db/db.ts";

export interface Limit {
  /** An HMAC of what is limited (never a raw e-mail or address). */
  bucket: string;
  max: number;
  windowMs: number;
}

export type LimitResult = { allowed: true } | { allowed: false; retryAfterS: number };

/** Counts one event in every bucket, or none when any bucket is full. Call inside a transaction. */
export async function takeSlots(tx: Queryable, limits: Limit[], nowMs: number): Promise<LimitResult> {
  // A fixed lock order keeps two requests that share buckets from deadlocking.
  const sorted = [...limits].sort((a, b) => a.bucket.localeCompare(b.bucket));
  for (const limit of sorted) {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [limit.bucket]);
  }
  for (const limit of sorted) {
    const since = new Date(nowMs - limit.windowMs).toISOString();
    const { rows } = await tx.query<{ n: number; oldest: Date | string | null }>(
      "SELECT count(*)::int AS n, min(at) AS oldest FROM rate_events WHERE bucket = $1 AND at > $2",
      [limit.bucket, since],
    );
    if (rows[0].n >= limit.max) {
      const oldest = rows[0].oldest ? new Date(rows[0].oldest).getTime() : nowMs;
      return {
        allowed: false,
        retryAfterS: Math.max(1, Math.ceil((oldest + limit.windowMs - nowMs) / 1000)),
      };
    }
  }
  const at = new Date(nowMs).toISOString();
  for (const limit of sorted) {
    await tx.query("INSERT INTO rate_events (bucket, at) VALUES ($1, $2)", [limit.bucket, at]);
  }
  return { allowed: true };
}

/**
 * Counts each bucket's events in `windowMs` without taking a slot. `lock`: locks the buckets
 * first (in takeSlots' order), inside the transaction that may then take one; without it, a
 * quick look that may miss events being written.
 */
export async function countSlots(
  tx: Queryable,
  buckets: string[],
  windowMs: number,
  nowMs: number,
  lock = true,
): Promise<Map<string, number>> {
  const sorted = [...buckets].sort((a, b) => a.localeCompare(b));
  if (lock)
    for (const bucket of sorted) await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [bucket]);
  const counts = new Map<string, number>();
  for (const bucket of sorted) {
    const { rows } = await tx.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM rate_events WHERE bucket = $1 AND at > $2",
      [bucket, new Date(nowMs - windowMs).toISOString()],
    );
    counts.set(bucket, rows[0].n);
  }
  return counts;
}
