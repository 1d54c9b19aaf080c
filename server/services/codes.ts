/**
 * One-time codes: 6 random digits, stored only as an HMAC, valid for a limited time, dead after
 * one use or MAX_WRONG_TRIES wrong tries from all client addresses together (the used code sent
 * again is refused without counting as a wrong try, unless it is the very request that used it:
 * see consumeCode's `useKey`). Only the newest code of a subject counts.
 * The callers also limit wrong tries per (subject, client address) much lower
 * (services/attempts.ts), so one stranger cannot kill someone else's live code.
 */
import { randomInt, timingSafeEqual } from "node:crypto";
import type { ErrorCode } from "../../lib/core/errorCodes.ts";
import type { Secrets } from "../auth/secret.ts";
import type { Queryable } from "../db/db.ts";

export const MAX_WRONG_TRIES = 20;

export type CodePurpose = "customer" | "staff";

export interface CodeSubject {
  purpose: CodePurpose;
  /** Lower-case e-mail (customer) or staff id. */
  subject: string;
  /** `nuform` / `recruitment` for customers, `staff` for staff. */
  flow: string;
}

function hashCode(secrets: Secrets, who: CodeSubject, code: string): string {
  return secrets.hmac("one-time-code", `${who.purpose}\n${who.subject}\n${who.flow}\n${code}`);
}

export async function issueCode(
  tx: Queryable,
  secrets: Secrets,
  who: CodeSubject,
  ttlMs: number,
  nowMs: number,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await tx.query(
    `INSERT INTO one_time_codes (purpose, subject, flow, code_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      who.purpose,
      who.subject,
      who.flow,
      hashCode(secrets, who, code),
      new Date(nowMs).toISOString(),
      new Date(nowMs + ttlMs).toISOString(),
    ],
  );
  return code;
}

export type CodeCheck = { ok: true } | { ok: false; error: ErrorCode; wrongTry: boolean };

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Checks `code` against the subject's newest code and records the outcome (a wrong try, or the
 * use). Returns rather than throws, so the caller's transaction commits the count either way.
 * `useKey` (the request's Idempotency-Key) is kept, as an HMAC tied to the code's row, with the
 * use: the right code sent again with the same key while the code is unexpired (the first answer
 * was lost) is let in again; without it, or with another key, a used code stays refused.
 */
export async function consumeCode(
  tx: Queryable,
  secrets: Secrets,
  who: CodeSubject,
  code: string,
  nowMs: number,
  useKey?: string,
): Promise<CodeCheck> {
  const { rows } = await tx.query<{
    id: string;
    code_hash: string;
    attempts: number;
    expires_at: Date;
    used_at: Date | null;
    use_key_hash: string | null;
  }>(
    `SELECT id, code_hash, attempts, expires_at, used_at, use_key_hash FROM one_time_codes
     WHERE purpose = $1 AND subject = $2 AND flow = $3
     ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [who.purpose, who.subject, who.flow],
  );
  const row = rows[0];
  if (!row) return { ok: false, error: "CODE_INVALID", wrongTry: true };
  const matches = sameText(hashCode(secrets, who, code), row.code_hash);
  const keyHash = useKey === undefined ? null : secrets.hmac("code-use-key", `${row.id}\n${useKey}`);
  const unexpired = new Date(row.expires_at).getTime() > nowMs;
  if (row.used_at !== null) {
    // The request that used the code, sent again after its answer was lost: in again.
    if (
      matches &&
      unexpired &&
      keyHash !== null &&
      row.use_key_hash !== null &&
      sameText(keyHash, row.use_key_hash)
    )
      return { ok: true };
    // The right code again otherwise (a double tap, another client) is refused but is no guess.
    return { ok: false, error: "CODE_INVALID", wrongTry: !matches };
  }
  if (row.attempts >= MAX_WRONG_TRIES) return { ok: false, error: "CODE_TOO_MANY_ATTEMPTS", wrongTry: true };
  if (!unexpired) return { ok: false, error: "CODE_EXPIRED", wrongTry: false };
  if (!matches) {
    const attempts = row.attempts + 1;
    await tx.query("UPDATE one_time_codes SET attempts = $2 WHERE id = $1", [row.id, attempts]);
    return {
      ok: false,
      error: attempts >= MAX_WRONG_TRIES ? "CODE_TOO_MANY_ATTEMPTS" : "CODE_INVALID",
      wrongTry: true,
    };
  }
  await tx.query("UPDATE one_time_codes SET used_at = $2, use_key_hash = $3 WHERE id = $1", [
    row.id,
    new Date(nowMs).toISOString(),
    keyHash,
  ]);
  return { ok: true };
}
