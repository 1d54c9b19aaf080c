/**
 * One-time codes: 6 random digits, stored only as an HMAC, valid for a limited time, dead after
 * one use or MAX_WRONG_TRIES wrong tries. Only the newest code of a subject counts (staff), or of
 * a subject and requester (customers: see consumeCode). The
 * callers also limit wrong tries per requester and per address much lower (services/attempts.ts).
 *
 * One rule for every answer: what the caller learns depends only on whether the code sent is the
 * right one. A wrong code is CODE_INVALID and a counted wrong try, whatever the subject's state
 * (unknown, no code, expired, used, dead): unknown subjects are answered exactly like real ones.
 * Only the right code meets the code's state (CODE_EXPIRED, CODE_TOO_MANY_ATTEMPTS, used), and a
 * right code is never counted as a wrong try.
 */
import { randomInt, randomUUID, timingSafeEqual } from "node:crypto";
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
  ticket?: string,
  client?: string,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await tx.query(
    `INSERT INTO one_time_codes (purpose, subject, flow, code_hash, created_at, expires_at, ticket_hash, client_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      who.purpose,
      who.subject,
      who.flow,
      hashCode(secrets, who, code),
      new Date(nowMs).toISOString(),
      new Date(nowMs + ttlMs).toISOString(),
      ticket === undefined ? null : ticketHash(secrets, ticket),
      client === undefined ? null : clientHash(secrets, client),
    ],
  );
  return code;
}

function ticketHash(secrets: Secrets, ticket: string): string {
  return secrets.hmac("code-ticket", ticket);
}

/** Kept for codes requested without the requester's own ticket (no address in clear). */
function clientHash(secrets: Secrets, client: string): string {
  return secrets.hmac("code-client", client);
}

/**
 * `sid`: the session the use starts (a first use: the caller starts it under this id) or started
 * (`replay`: the request that used the code, sent again; the caller answers with that session
 * only while it lives, never with a new one).
 */
export type CodeCheck =
  | { ok: true; sid: string; replay: boolean }
  | { ok: false; error: ErrorCode; wrongTry: boolean };

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const wrong: CodeCheck = { ok: false, error: "CODE_INVALID", wrongTry: true };

/**
 * Checks `code` against the subject's newest code and records the outcome (a wrong try, or the
 * use). Returns rather than throws, so the caller's transaction commits the count either way.
 * `useKey` (the request's Idempotency-Key) is kept, as an HMAC tied to the code's row, with the
 * use and its session id: the right code sent again with the same key while the code is
 * unexpired (the first answer was lost) gets that session back; without it, or with another key,
 * a used code stays refused. `ticket`: a code issued with one (the staff code step) is checked
 * only for a request that brings it back; without it any code is a wrong try that leaves the
 * code's own count alone (a stranger cannot use up its tries). `client` (customer codes): with a
 * ticket, the newest code issued with that ticket; without one, the newest code requested without
 * the requester's own ticket (the old contract, for integrations). A code requested with its own
 * ticket (the form) is out of every other request's reach.
 */
export async function consumeCode(
  tx: Queryable,
  secrets: Secrets,
  who: CodeSubject,
  code: string,
  nowMs: number,
  opts: { useKey?: string; ticket?: string; client?: string } = {},
): Promise<CodeCheck> {
  const bound = opts.client !== undefined;
  const params = [who.purpose, who.subject, who.flow];
  if (opts.ticket !== undefined && bound) params.push(ticketHash(secrets, opts.ticket));
  const binding = !bound
    ? ""
    : opts.ticket !== undefined
      ? "AND ticket_hash = $4"
      : "AND client_hash IS NOT NULL";
  const { rows } = await tx.query<{
    id: string;
    code_hash: string;
    attempts: number;
    expires_at: Date;
    used_at: Date | null;
    use_key_hash: string | null;
    use_sid: string | null;
    ticket_hash: string | null;
  }>(
    `SELECT id, code_hash, attempts, expires_at, used_at, use_key_hash, use_sid, ticket_hash
     FROM one_time_codes WHERE purpose = $1 AND subject = $2 AND flow = $3 ${binding}
     ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    params,
  );
  const row = rows[0];
  // The same work for every request, so time tells no more than the answer.
  const matches = sameText(hashCode(secrets, who, code), row?.code_hash ?? hashCode(secrets, who, "-"));
  if (!row) return wrong;
  if (
    !bound &&
    row.ticket_hash !== null &&
    (opts.ticket === undefined || !sameText(ticketHash(secrets, opts.ticket), row.ticket_hash))
  )
    return wrong;
  const unexpired = new Date(row.expires_at).getTime() > nowMs;
  const keyHash =
    opts.useKey === undefined ? null : secrets.hmac("code-use-key", `${row.id}\n${opts.useKey}`);
  if (!matches) {
    // A live code counts the try; a dead one has nothing left to protect but answers the same.
    if (row.used_at === null && unexpired && row.attempts < MAX_WRONG_TRIES)
      await tx.query("UPDATE one_time_codes SET attempts = attempts + 1 WHERE id = $1", [row.id]);
    return wrong;
  }
  if (row.used_at !== null) {
    // The request that used the code, sent again after its answer was lost: its session again.
    if (
      unexpired &&
      keyHash !== null &&
      row.use_key_hash !== null &&
      row.use_sid !== null &&
      sameText(keyHash, row.use_key_hash)
    )
      return { ok: true, sid: row.use_sid, replay: true };
    // The right code again otherwise (a double tap, another client) is refused but is no guess.
    return { ok: false, error: "CODE_INVALID", wrongTry: false };
  }
  if (row.attempts >= MAX_WRONG_TRIES) return { ok: false, error: "CODE_TOO_MANY_ATTEMPTS", wrongTry: false };
  if (!unexpired) return { ok: false, error: "CODE_EXPIRED", wrongTry: false };
  const sid = randomUUID();
  await tx.query("UPDATE one_time_codes SET used_at = $2, use_key_hash = $3, use_sid = $4 WHERE id = $1", [
    row.id,
    new Date(nowMs).toISOString(),
    keyHash,
    sid,
  ]);
  return { ok: true, sid, replay: false };
}
