/**
 * Idempotency keys: the first request with a key does the work and stores its answer in the
 * same transaction; a retry with the same key and the same body gets that answer back and
 * changes nothing. The key row is inserted first, so a concurrent retry on PostgreSQL waits for
 * the first request's transaction and then reads its stored answer.
 */
import { createHash } from "node:crypto";
import type { Queryable } from "../db/db.ts";
import { ApiFailure, type Envelope } from "../http/envelope.ts";

export interface Answer {
  status: number;
  body: Envelope;
  replayed: boolean;
}

export function requestHash(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("base64url");
}

/** Runs `work` once per (scope, key); call inside a transaction. */
export async function once(
  tx: Queryable,
  ref: { scope: string; key: string; hash: string; nowMs: number },
  work: () => Promise<{ status: number; body: Envelope }>,
): Promise<Answer> {
  const claimed = await tx.query(
    `INSERT INTO idempotency_keys (scope, key, request_hash, status, response, created_at)
     VALUES ($1, $2, $3, 0, 'null'::jsonb, $4) ON CONFLICT (scope, key) DO NOTHING RETURNING key`,
    [ref.scope, ref.key, ref.hash, new Date(ref.nowMs).toISOString()],
  );
  if (claimed.rowCount === 0) {
    const { rows } = await tx.query<{ request_hash: string; status: number; response: Envelope }>(
      "SELECT request_hash, status, response FROM idempotency_keys WHERE scope = $1 AND key = $2",
      [ref.scope, ref.key],
    );
    const stored = rows[0];
    if (!stored || stored.request_hash !== ref.hash || stored.status === 0) {
      throw new ApiFailure("IDEMPOTENCY_CONFLICT");
    }
    return { status: stored.status, body: stored.response, replayed: true };
  }
  const answer = await work();
  await tx.query(
    "UPDATE idempotency_keys SET status = $3, response = $4::jsonb WHERE scope = $1 AND key = $2",
    [ref.scope, ref.key, answer.status, JSON.stringify(answer.body)],
  );
  return { ...answer, replayed: false };
}
