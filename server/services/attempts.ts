/**
 * Guesses (passwords, one-time codes) are counted BEFORE they are checked, in the database, under
 * a transaction-scoped advisory lock per bucket: N simultaneous guesses are N attempts on every
 * instance, and the one over the limit is refused without being checked. An attempt stays counted
 * as a failure unless the guess was right (`succeeded`) or never checked (`forget`).
 *
 * Buckets are HMACs (never a raw staff id, e-mail or address). Limits are per (account, client
 * address), so a stranger elsewhere cannot use up someone's attempts, and per address over all
 * accounts. A per-account ceiling over all addresses is much higher; the caller marks it `exempt`
 * for an address the owner has signed in from (it still counts there, but never refuses it), so
 * guessing spread over many addresses slows everyone but cannot lock the owner out of a known one.
 */
import type { Db, Queryable } from "../db/db.ts";
import { ApiFailure } from "../http/envelope.ts";

/** 429 RATE_LIMITED with Retry-After: a ceiling over many accounts or addresses was reached. */
export function rateLimited(retryAfterS: number): ApiFailure {
  return new ApiFailure("RATE_LIMITED", { headers: { "Retry-After": String(retryAfterS) } });
}

export interface AttemptLimit {
  bucket: string;
  max: number;
  windowMs: number;
  /** The answer once the bucket is full (the attempt is then not counted). */
  refuse: (retryAfterS: number) => ApiFailure;
  /** Counted but never refused (see above). */
  exempt?: boolean;
}

export interface Attempt {
  /** Attempts in `bucket` within its window, this one included. */
  countIn(bucket: string): number;
  /** Seconds until the oldest attempt in `bucket` leaves its window (frees one try). */
  retryAfterS(bucket: string): number;
  /** A right guess: clears the failures of `resetBucket`, un-counts this attempt elsewhere. */
  succeeded(resetBucket: string): Promise<void>;
  /** The guess was never checked (e.g. hashing queue full): un-count it everywhere. */
  forget(): Promise<void>;
}

type Window = { n: number; oldest: number | null };

async function windowOf(tx: Queryable, limit: AttemptLimit, nowMs: number): Promise<Window> {
  const { rows } = await tx.query<{ n: number; oldest: Date | string | null }>(
    "SELECT count(*)::int AS n, min(at) AS oldest FROM sign_in_failures WHERE bucket = $1 AND at > $2",
    [limit.bucket, new Date(nowMs - limit.windowMs).toISOString()],
  );
  return { n: rows[0].n, oldest: rows[0].oldest === null ? null : new Date(rows[0].oldest).getTime() };
}

async function removeOne(q: Queryable, bucket: string, at: string): Promise<void> {
  await q.query(
    `DELETE FROM sign_in_failures WHERE ctid = (
       SELECT ctid FROM sign_in_failures WHERE bucket = $1 AND at = $2 LIMIT 1)`,
    [bucket, at],
  );
}

/**
 * Per database handle (one per app): buckets this process has seen full, until when, and the
 * claim in progress per first bucket. A burst for one (account, address) then costs a handful of
 * database transactions, not one per request: the rest wait for the claim before theirs and are
 * refused from memory. The database stays the authority (other instances count there too); the
 * memory can only refuse, and only until the bucket's oldest attempt leaves its window.
 */
interface LocalState {
  fullUntil: Map<string, number>;
  inFlight: Map<string, Promise<unknown>>;
}
const local = new WeakMap<Db, LocalState>();

function localState(db: Db): LocalState {
  let state = local.get(db);
  if (!state) {
    state = { fullUntil: new Map(), inFlight: new Map() };
    local.set(db, state);
  }
  return state;
}

/**
 * Counts one attempt in every bucket, or throws the first full bucket's refusal. Claims that
 * share their first bucket run one after another in this process.
 */
export async function claimAttempt(db: Db, limits: AttemptLimit[], nowMs: number): Promise<Attempt> {
  const state = localState(db);
  const key = limits[0].bucket;
  const before = state.inFlight.get(key) ?? Promise.resolve();
  const mine = before.catch(() => {}).then(() => claimOnce(db, state, limits, nowMs));
  state.inFlight.set(key, mine);
  try {
    return await mine;
  } finally {
    if (state.inFlight.get(key) === mine) state.inFlight.delete(key);
  }
}

function knownFull(state: LocalState, limits: AttemptLimit[], nowMs: number): ApiFailure | null {
  for (const limit of limits) {
    if (limit.exempt) continue;
    const until = state.fullUntil.get(limit.bucket);
    if (until === undefined) continue;
    if (until > nowMs) return limit.refuse(Math.max(1, Math.ceil((until - nowMs) / 1000)));
    state.fullUntil.delete(limit.bucket);
  }
  return null;
}

async function claimOnce(db: Db, state: LocalState, limits: AttemptLimit[], nowMs: number): Promise<Attempt> {
  const cached = knownFull(state, limits, nowMs);
  if (cached) throw cached;
  const at = new Date(nowMs).toISOString();
  const sorted = [...limits].sort((a, b) => a.bucket.localeCompare(b.bucket));
  const counts = await db.transaction(async (tx) => {
    // A fixed lock order keeps two requests that share buckets from deadlocking.
    for (const limit of sorted) await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [limit.bucket]);
    const windows = new Map<string, Window>();
    for (const limit of sorted) windows.set(limit.bucket, await windowOf(tx, limit, nowMs));
    for (const limit of limits) {
      const w = windows.get(limit.bucket) as Window;
      if (limit.exempt) continue;
      if (w.n >= limit.max) {
        const until = (w.oldest ?? nowMs) + limit.windowMs;
        state.fullUntil.set(limit.bucket, until);
        return limit.refuse(Math.max(1, Math.ceil((until - nowMs) / 1000)));
      }
    }
    for (const limit of sorted) {
      await tx.query("INSERT INTO sign_in_failures (bucket, at) VALUES ($1, $2)", [limit.bucket, at]);
    }
    return new Map([...windows].map(([bucket, w]) => [bucket, { n: w.n + 1, oldest: w.oldest ?? nowMs }]));
  });
  if (!(counts instanceof Map)) throw counts;
  const windowMs = new Map(limits.map((l) => [l.bucket, l.windowMs]));
  return {
    countIn: (bucket) => counts.get(bucket)?.n ?? 0,
    retryAfterS(bucket) {
      const w = counts.get(bucket);
      if (!w) return 1;
      return Math.max(1, Math.ceil((w.oldest + (windowMs.get(bucket) ?? 0) - nowMs) / 1000));
    },
    async succeeded(resetBucket) {
      await db.transaction(async (tx) => {
        await tx.query("DELETE FROM sign_in_failures WHERE bucket = $1", [resetBucket]);
        for (const limit of sorted) if (limit.bucket !== resetBucket) await removeOne(tx, limit.bucket, at);
      });
    },
    async forget() {
      await db.transaction(async (tx) => {
        for (const limit of sorted) await removeOne(tx, limit.bucket, at);
      });
    },
  };
}

/**
 * Addresses an account has signed in from (`bucket`: an HMAC of both), for `exempt` above. Kept
 * KNOWN_ADDRESS_DAYS after the last sign-in from there (housekeeping).
 */
export const KNOWN_ADDRESS_DAYS = 90;

export async function isKnownAddress(q: Queryable, bucket: string): Promise<boolean> {
  const { rows } = await q.query("SELECT 1 FROM sign_in_known WHERE bucket = $1", [bucket]);
  return rows.length > 0;
}

export async function rememberAddress(q: Queryable, bucket: string, nowMs: number): Promise<void> {
  await q.query(
    `INSERT INTO sign_in_known (bucket, last_at) VALUES ($1, $2)
     ON CONFLICT (bucket) DO UPDATE SET last_at = EXCLUDED.last_at`,
    [bucket, new Date(nowMs).toISOString()],
  );
}
