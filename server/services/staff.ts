/**
 * Staff members: creation under the password policy, sign-in with lock-out, the one-time-code
 * step for `need_otp = 'Y'`, and the staff record of docs/rules.md#fields-and-formats the API answers with.
 */

import { randomBytes } from "node:crypto";
import type { ErrorCode } from "../../lib/core/errorCodes.ts";
import { staffCreateSchema } from "../../lib/core/schemas.ts";
import { staffDisplayName } from "../../lib/core/staffLogin.ts";
import type { StaffRecord } from "../../lib/core/types.ts";
import { passwordQueue, QueueFull } from "../auth/hashQueue.ts";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../auth/password.ts";
import type { Queryable } from "../db/db.ts";
import { pgCode } from "../db/db.ts";
import type { Deps } from "../deps.ts";
import { ApiFailure } from "../http/envelope.ts";
import { parse } from "../http/input.ts";
import {
  type Attempt,
  type AttemptLimit,
  claimAttempt,
  isKnownAddress,
  rateLimited,
  rememberAddress,
} from "./attempts.ts";
import { recordAudit } from "./audit.ts";
import { consumeCode, issueCode } from "./codes.ts";
import type { MailLang } from "./mailTexts.ts";
import { takeSlots } from "./rateLimit.ts";

export const STAFF_CODE_TTL_MS = 5 * 60 * 1000;
export const STAFF_CODES_PER_HOUR = 5;
/**
 * Sign-in guesses (passwords and one-time codes together) for one staff id from one client
 * address in FAILURE_WINDOW_MS; the last allowed failure and every attempt after it answer 423
 * STAFF_LOCKED with Retry-After. The window slides: the oldest failure ageing out frees one try.
 */
export const LOCK_AFTER_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Failed sign-ins one client address may make in the window across all staff ids (429). */
export const FAILED_SIGN_INS_PER_ADDRESS = 30;
/**
 * Failed passwords for one staff id over all addresses, in the window and per day. Beyond either,
 * every address this staff member has not signed in from is refused unchecked (429); a known
 * address (services/attempts.ts) still gets in, limited only by its own LOCK_AFTER_FAILURES.
 */
export const FAILED_SIGN_INS_PER_ACCOUNT = 40;
export const FAILED_SIGN_INS_PER_ACCOUNT_PER_DAY = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface StaffRow {
  staff_id: string;
  first_name: string;
  last_name: string;
  role: string;
  phone: string;
  email: string | null;
  need_otp: string;
  password_hash: string;
}

export async function findStaff(q: Queryable, staffId: string): Promise<StaffRow | null> {
  const { rows } = await q.query<StaffRow>(
    `SELECT staff_id, first_name, last_name, role, phone, email, need_otp, password_hash
     FROM staff WHERE staff_id = $1`,
    [staffId],
  );
  return rows[0] ?? null;
}

export function staffName(row: Pick<StaffRow, "first_name" | "last_name">): string {
  return staffDisplayName(row.first_name, row.last_name);
}

/** The staff record of docs/rules.md#fields-and-formats; `token` undefined leaves `staff_token` out (GET /api/staff). */
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
  // The code step mails a code: without an address it could never arrive.
  if (staff.need_otp === "Y" && !email?.includes("@"))
    throw new ApiFailure("VALIDATION_FAILED", { field: "email" });
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

function lockedFailure(retryAfterS: number): ApiFailure {
  return new ApiFailure("STAFF_LOCKED", { headers: { "Retry-After": String(retryAfterS) } });
}

/**
 * The attempt buckets of a staff id from a client address. They depend only on what the caller
 * sent, never on whether the id exists, so real and unknown ids are answered alike. The code step
 * (`code`) leaves out the account-wide ceilings: without the password step's ticket its tries
 * check nothing, and with it the password is already proven.
 */
function staffAttemptLimits(
  deps: Deps,
  staffId: string,
  clientAddress: string,
  known: boolean,
  code = false,
) {
  const pair = deps.secrets.hmac("rate", `staff-try:${staffId}\n${clientAddress}`);
  const limits: AttemptLimit[] = [
    { bucket: pair, max: LOCK_AFTER_FAILURES, windowMs: FAILURE_WINDOW_MS, refuse: lockedFailure },
    {
      bucket: deps.secrets.hmac("rate", `staff-fail-addr:${clientAddress}`),
      max: FAILED_SIGN_INS_PER_ADDRESS,
      windowMs: FAILURE_WINDOW_MS,
      refuse: rateLimited,
    },
  ];
  if (!code)
    limits.push(
      {
        bucket: deps.secrets.hmac("rate", `staff-try-account:${staffId}`),
        max: FAILED_SIGN_INS_PER_ACCOUNT,
        windowMs: FAILURE_WINDOW_MS,
        refuse: rateLimited,
        exempt: known,
      },
      {
        bucket: deps.secrets.hmac("rate", `staff-try-account-day:${staffId}`),
        max: FAILED_SIGN_INS_PER_ACCOUNT_PER_DAY,
        windowMs: DAY_MS,
        refuse: rateLimited,
        exempt: known,
      },
    );
  return { pair, limits };
}

/** The bucket that says this staff member has signed in from this address (attempts.ts). */
function knownBucket(deps: Deps, staffId: string, clientAddress: string): string {
  return deps.secrets.hmac("rate", `staff-known:${staffId}\n${clientAddress}`);
}

/**
 * A wrong guess: 423 once this address has used up its tries for the id, else `code` with the
 * wrong tries left before that lock (`Data: [{ tries_left }]`), so the sign-in can warn first.
 * Unknown ids count the same way, so the number says nothing about whether an id exists.
 */
function wrongGuess(attempt: Attempt, pair: string, code: ErrorCode): ApiFailure {
  const used = attempt.countIn(pair);
  if (used >= LOCK_AFTER_FAILURES) return lockedFailure(attempt.retryAfterS(pair));
  return new ApiFailure(code, { data: [{ tries_left: LOCK_AFTER_FAILURES - used }] });
}

/** Checks the password through the bounded hashing queue (a dummy hash for unknown ids). */
async function passwordMatches(row: StaffRow | null, password: string, attempt: Attempt): Promise<boolean> {
  try {
    if (!row) {
      await verifyPassword(password, await dummyPasswordHash());
      return false;
    }
    return await verifyPassword(password, row.password_hash);
  } catch (error) {
    if (!(error instanceof QueueFull)) throw error;
    await attempt.forget();
    throw rateLimited(HASH_RETRY_AFTER_S);
  }
}

const HASH_RETRY_AFTER_S = 2;

async function signedIn(deps: Deps, row: StaffRow, address: string): Promise<StaffRecord> {
  const token = await deps.tokens.staff(row.staff_id, row.role);
  await auditSignIn(deps, row, address, "password");
  return staffRecord(row, token) as StaffRecord;
}

/**
 * A sign-in in the audit log, once its session is written (that insert is a statement of its own:
 * there is no transaction to share).
 */
function auditSignIn(deps: Deps, row: StaffRow, address: string, step: "password" | "code"): Promise<void> {
  return recordAudit(deps.db, {
    actor: row.staff_id,
    action: "staff.sign-in",
    target: row.staff_id,
    ip: address,
    detail: { role: row.role, step },
    atMs: deps.now(),
  });
}

/** What the password step answers: the record, and for the code step the ticket it needs. */
export interface LoginAnswer {
  record: StaffRecord;
  /** Handed to the client (cookie and header, routes/staff.ts); the code step needs it back. */
  ticket?: string;
}

/** POST /api/staff/login: the record with a token, or with `need_otp: 'Y'` and an empty token. */
export async function staffLogin(
  deps: Deps,
  staffId: string,
  password: string,
  clientAddress = "unknown",
  /** The staff page's language, for the code mail. */
  lang: MailLang = "zh-HK",
): Promise<LoginAnswer> {
  // A flood is turned away before it costs a database write.
  if (passwordQueue.full) throw rateLimited(HASH_RETRY_AFTER_S);
  const known = knownBucket(deps, staffId, clientAddress);
  const { pair, limits } = staffAttemptLimits(
    deps,
    staffId,
    clientAddress,
    await isKnownAddress(deps.db, known),
  );
  const attempt = await claimAttempt(deps.db, limits, deps.now());
  const row = await findStaff(deps.db, staffId);
  if (!(await passwordMatches(row, password, attempt)) || !row) {
    throw wrongGuess(attempt, pair, "INVALID_CREDENTIALS");
  }
  await attempt.succeeded(pair);
  await rememberAddress(deps.db, known, deps.now());
  if (row.need_otp !== "Y") return { record: await signedIn(deps, row, clientAddress) };

  const nowMs = deps.now();
  const ticket = randomBytes(32).toString("base64url");
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
    const code = await issueCode(
      tx,
      deps.secrets,
      { purpose: "staff", subject: staffId, flow: "staff" },
      STAFF_CODE_TTL_MS,
      nowMs,
      ticket,
    );
    await deps.mailer.enqueue(
      tx,
      {
        kind: "staff-code",
        to: staffId,
        mailTo: row.email,
        code,
        ttlMinutes: STAFF_CODE_TTL_MS / 60_000,
        lang,
      },
      nowMs,
    );
    return null;
  });
  if (limited !== null) throw rateLimited(limited);
  void deps.mailer.flush();
  return { record: staffRecord(row, "") as StaffRecord, ticket };
}

/**
 * POST /api/staff/otp: the code sent after the password → the record with a token. Limited like
 * the password route and in the same per-address buckets; unknown ids go the same way (no code:
 * CODE_INVALID). `ticket`: what the password step handed out; without the right one the code is
 * not checked and the try counts only against the caller's own address.
 */
export async function staffOtp(
  deps: Deps,
  staffId: string,
  code: string,
  clientAddress = "unknown",
  opts: { useKey?: string; ticket?: string } = {},
): Promise<StaffRecord> {
  const { pair, limits } = staffAttemptLimits(deps, staffId, clientAddress, true, true);
  const nowMs = deps.now();
  const attempt = await claimAttempt(deps.db, limits, nowMs);
  const check = await deps.db.transaction((tx) =>
    consumeCode(tx, deps.secrets, { purpose: "staff", subject: staffId, flow: "staff" }, code, nowMs, opts),
  );
  if (!check.ok) {
    if (check.wrongTry) throw wrongGuess(attempt, pair, check.error);
    await attempt.forget();
    throw new ApiFailure(check.error);
  }
  const row = await findStaff(deps.db, staffId);
  if (!row) throw new ApiFailure("CODE_INVALID");
  let token: string;
  if (!check.replay) {
    token = await deps.tokens.staff(row.staff_id, row.role, check.sid);
    await auditSignIn(deps, row, clientAddress, "code");
  } else {
    try {
      token = await deps.tokens.staffOf(check.sid, row.staff_id, row.role);
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      // That session has ended (sign-out, an admin, a new password): the used code stays used.
      await attempt.forget();
      throw new ApiFailure("CODE_INVALID");
    }
  }
  await attempt.succeeded(pair);
  return staffRecord(row, token) as StaffRecord;
}
