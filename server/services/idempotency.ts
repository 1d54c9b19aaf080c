/**
 * Idempotency keys: the first request with a key does the work and stores its answer in the
 * same statement (see createLead: a CTE claims the key with the answer and does the insert only
 * if the claim succeeded); a retry with the same key and the same body gets that answer back and
 * changes nothing. On PostgreSQL a concurrent retry's claim waits for the first request's
 * statement to commit, then finds the key taken and reads the stored answer.
 */
import { createHash } from "node:crypto";
import type { Queryable } from "../db/db.ts";
import { ApiFailure, type Envelope } from "../http/envelope.ts";

export interface Answer {
  status: number;
  body: Envelope;
  /** `body` as JSON text, when it was already made (the first answer, stored with its key). */
  json?: string;
  replayed: boolean;
}

export function requestHash(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value)).digest("base64url");
}

/** The answer stored under a key already claimed; refused when the body differs. */
export async function storedAnswer(
  q: Queryable,
  ref: { scope: string; key: string; hash: string },
): Promise<Answer> {
  const { rows } = await q.query<{ request_hash: string; status: number; response: Envelope }>(
    "SELECT request_hash, status, response FROM idempotency_keys WHERE scope = $1 AND key = $2",
    [ref.scope, ref.key],
  );
  const stored = rows[0];
  if (!stored || stored.request_hash !== ref.hash || stored.status === 0) {
    throw new ApiFailure("IDEMPOTENCY_CONFLICT");
  }
  return { status: stored.status, body: stored.response, replayed: true };
}
