/**
 * Staff members: creation under the password policy, sign-in with lock-out, the one-time-code
 * step for `need_otp = 'Y'`, and the staff record of SPEC §3 the API answers with.
 */
import { staffCreateSchema } from "../../lib/core/schemas.ts";
import { staffDisplayName } from "../../lib/core/staffToken.ts";
import type { StaffRecord } from "../../lib/core/types.ts";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../auth/password.ts";
import type { Queryable } from "../db/db.ts";
import { pgCode } from "../db/db.ts";
import type { Deps } from "../deps.ts";
import { ApiFailure } from "../http/envelope.ts";
import { parse } from "../http/input.ts";
import { consumeCode, issueCode } from "./codes.ts";
import { failuresWithin, recordFailure as recordAddressFailure, takeSlots } from "./rateLimit.ts";

export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MS = 15 * 60 * 1000;
export const STAFF_CODE_TTL_MS = 5 * 60 * 1000;
export const STAFF_CODES_PER_HOUR = 5;
/**
 * Failed staff sign-ins one client address may make in FAILURE_WINDOW_MS, across all staff ids:
 * the per-account lock-out alone would let one address try a password on every account.
 */
export const FAILED_SIGN_INS_PER_ADDRESS = 30;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export interface StaffRow {
  staff_id: string;
  first_name: string;
  last_name: string;
  role: string;
  phone: string;
  email: string | null;
  need_otp: string;
  password_hash: string;
  locked_until: Date | null;
}

export async function findStaff(q: Queryable, staffId: string): Promise<StaffRow | null> {
  const { rows } = await q.query<StaffRow>(
    `SELECT staff_id, first_name, last_name, role, phone, email, need_otp, password_hash, locked_until
     FROM staff WHERE staff_id = $1`,
    [staffId],
  );
  return rows[0] ?? null;
}

export function staffName(row: Pick<StaffRow, "first_name" | "last_name">): string {
  return staffDisplayName(row.first_name, row.last_name);
}

/** The staff record of SPEC §3; `token` undefined leaves `staff_token` out (GET /api/staff). */
export function staffRecord(row: StaffRow, token?: string): StaffRecord | Omit<StaffRecord, "staff_token"> {
  const record = {
    staff_id: row.staff_id,
    first_name: row.first_name,
    last_name: row.last_name,
    role: row.role,
    phone: row.phone,
    need_otp: row.need_otp,
  };
  return token === undefined ? record : { ...record, staff_token: token };
}

/** Creates a staff member; the input is checked against the staff schema and password policy. */
export async function createStaff(q: Queryable, input: unknown, email: string | null = null): Promise<void> {
  const staff = parse(staffCreateSchema, input);
  try {
    await q.query(
      `INSERT INTO staff (staff_id, first_name, last_name, role, phone, email, need_otp, password_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        staff.staff_id,
        staff.first_name,
        staff.last_name,
        staff.role,
        staff.phone,
        email,
        staff.need_otp,
        await hashPassword(staff.password),
      ],
    );
  } catch (error) {
    if (pgCode(error) === "23505") throw new ApiFailure("VALIDATION_FAILED", { field: "staff_id" });
    throw error;
  }
}

function lockedFailure(until: Date | string, nowMs: number): ApiFailure {
  const seconds = Math.max(1, Math.ceil((new Date(until).getTime() - nowMs) / 1000));
  return new ApiFailure("STAFF_LOCKED", { headers: { "Retry-After": String(seconds) } });
}

function lockedAt(row: Pick<StaffRow, "locked_until">, nowMs: number): boolean {
  return row.locked_until !== null && new Date(row.locked_until).getTime() > nowMs;
}

/** Counts a failed sign-in; the LOCK_AFTER_FAILURES-th locks the account. Returns the lock end, if locked. */
async function recordFailure(q: Queryable, staffId: string, nowMs: number): Promise<Date | null> {
  const { rows } = await q.query<{ locked_until: Date | null }>(
    `UPDATE staff SET
       failed_attempts = CASE WHEN failed_attempts + 1 >= $2 THEN 0 ELSE failed_attempts + 1 END,
       locked_until = CASE WHEN failed_attempts + 1 >= $2 THEN $3::timestamptz ELSE locked_until END
     WHERE staff_id = $1 RETURNING locked_until`,
    [staffId, LOCK_AFTER_FAILURES, new Date(nowMs + LOCK_MS).toISOString()],
  );
  const until = rows[0]?.locked_until ?? null;
  return until !== null && new Date(until).getTime() > nowMs ? new Date(until) : null;
}

async function signedIn(deps: Deps, row: StaffRow): Promise<StaffRecord> {
  await deps.db.query("UPDATE staff SET failed_attempts = 0 WHERE staff_id = $1 AND failed_attempts <> 0", [
    row.staff_id,
  ]);
  return staffRecord(row, await deps.tokens.staff(row.staff_id, row.role)) as StaffRecord;
}

/** POST /api/staff/login: the record with a token, or with `need_otp: 'Y'` and an empty token. */
export async function staffLogin(
  deps: Deps,
  staffId: string,
  password: string,
  clientAddress = "unknown",
): Promise<StaffRecord> {
  const failures = deps.secrets.hmac("rate", `staff-fail-addr:${clientAddress}`);
  if (
    (await failuresWithin(deps.db, failures, FAILURE_WINDOW_MS, deps.now())) >= FAILED_SIGN_INS_PER_ADDRESS
  ) {
    throw new ApiFailure("RATE_LIMITED", { headers: { "Retry-After": String(FAILURE_WINDOW_MS / 1000) } });
  }
  const row = await findStaff(deps.db, staffId);
  if (!row) {
    await verifyPassword(password, await dummyPasswordHash());
    await recordAddressFailure(deps.db, failures, deps.now());
    throw new ApiFailure("INVALID_CREDENTIALS");
  }
  if (lockedAt(row, deps.now())) throw lockedFailure(row.locked_until as Date, deps.now());
  if (!(await verifyPassword(password, row.password_hash))) {
    await recordAddressFailure(deps.db, failures, deps.now());
    const lockedUntil = await recordFailure(deps.db, staffId, deps.now());
    if (lockedUntil) throw lockedFailure(lockedUntil, deps.now());
    throw new ApiFailure("INVALID_CREDENTIALS");
  }
  if (row.need_otp !== "Y") return signedIn(deps, row);

  const nowMs = deps.now();
  const limited = await deps.db.transaction(async (tx) => {
    const slot = await takeSlots(
      tx,
      [
        {
          bucket: deps.secrets.hmac("rate", `staff-code:${staffId}`),
          max: STAFF_CODES_PER_HOUR,
          windowMs: 3_600_000,
        },
      ],
      nowMs,
    );
    if (!slot.allowed) return slot.retryAfterS;
    await tx.query("UPDATE staff SET failed_attempts = 0 WHERE staff_id = $1", [staffId]);
    const code = await issueCode(
      tx,
      deps.secrets,
      { purpose: "staff", subject: staffId, flow: "staff" },
      STAFF_CODE_TTL_MS,
      nowMs,
    );
    await deps.mailer.enqueue(
      tx,
      { kind: "staff-code", to: staffId, mailTo: row.email, code, ttlMinutes: STAFF_CODE_TTL_MS / 60_000 },
      nowMs,
    );
    return null;
  });
  if (limited !== null) throw new ApiFailure("RATE_LIMITED", { headers: { "Retry-After": String(limited) } });
  void deps.mailer.flush();
  return staffRecord(row, "") as StaffRecord;
}

/** POST /api/staff/otp: the code sent after the password → the record with a token. */
export async function staffOtp(deps: Deps, staffId: string, code: string): Promise<StaffRecord> {
  const row = await findStaff(deps.db, staffId);
  if (!row) throw new ApiFailure("CODE_INVALID");
  const nowMs = deps.now();
  if (lockedAt(row, nowMs)) throw lockedFailure(row.locked_until as Date, nowMs);
  const outcome = await deps.db.transaction(async (tx) => {
    const check = await consumeCode(
      tx,
      deps.secrets,
      { purpose: "staff", subject: staffId, flow: "staff" },
      code,
      nowMs,
    );
    const lockedUntil = !check.ok && check.wrongTry ? await recordFailure(tx, staffId, nowMs) : null;
    return { check, lockedUntil };
  });
  if (outcome.lockedUntil) throw lockedFailure(outcome.lockedUntil, nowMs);
  if (!outcome.check.ok) throw new ApiFailure(outcome.check.error);
  return signedIn(deps, row);
}
