/**
 * The staff session as SPEC §3 stores it: STAFF_ID, Token, STAFF_NAME, STAFF_ROLE in localStorage
 * (through the shared flags store), plus the rules that decide where sign-in leads.
 */
import type { ApiClient } from "../api/index.ts";
import { STAFF_HOME } from "../core/guards.ts";
import { safeRedirectPath } from "../core/redirect.ts";
import { checkStaffToken, staffDisplayName } from "../core/staffToken.ts";
import type { FlagKey, Flags } from "../core/storageKeys.ts";
import type { StaffRecord } from "../core/types.ts";
import { $flags, applyFlagChanges, removeFlags, setFlag } from "../state/flags.ts";
import { STAFF_SESSION_KEYS } from "./sessionKeys.ts";

export { STAFF_SESSION_KEYS };

export const STAFF_FIRST_PAGE = "/staff/verification";

/** SPEC §4 staff login result: `ok`, `S0` (a one-time code step follows), `Empty token`. */
export type StaffLoginOutcome = "ok" | "S0" | "Empty token";

export function staffLoginOutcome(record: Pick<StaffRecord, "staff_token" | "need_otp">): StaffLoginOutcome {
  if (record.staff_token) return "ok";
  if (record.need_otp === "Y") return "S0";
  return "Empty token";
}

/** The flags a successful sign-in stores. */
export function sessionFlags(record: StaffRecord): Flags {
  return {
    STAFF_ID: record.staff_id,
    Token: record.staff_token,
    STAFF_NAME: staffDisplayName(record.first_name, record.last_name),
    STAFF_ROLE: record.role,
  };
}

export function startSession(record: StaffRecord): void {
  applyFlagChanges({ set: sessionFlags(record) });
}

export function endSession(): void {
  removeFlags(STAFF_SESSION_KEYS);
}

/**
 * Sign-out: this device forgets the session at once, and the server is told in the background to
 * end it (so a copy of the token is refused too). Offline, the local sign-out still happens; the
 * token then dies at its own expiry. Resolves true when the server confirmed.
 */
export function signOutStaff(client: Pick<ApiClient, "signOut">): Promise<boolean> {
  const token = $flags.get().Token;
  endSession();
  if (!token) return Promise.resolve(false);
  return client.signOut({}, { token, background: true }).then(
    () => true,
    () => false,
  );
}

/**
 * Sign-out everywhere: every session of this staff id ends on the server first (it must hear of
 * it, so a failure is thrown and the staff member stays signed in to try again), then here.
 */
export async function signOutEverywhere(client: Pick<ApiClient, "signOut">): Promise<void> {
  const token = $flags.get().Token;
  if (token) {
    try {
      await client.signOut({ everywhere: true }, { token });
    } catch (error) {
      // 401: this session had already ended, which is all that is left to do here.
      if ((error as { status?: number }).status !== 401) throw error;
    }
  }
  endSession();
}

export function isSignedIn(flags: Flags, nowMs: number = Date.now()): boolean {
  return checkStaffToken(flags.Token, nowMs) === true;
}

/**
 * Where a fresh sign-in goes: the saved redirect_url when it is a path on this site (anything else
 * — absolute, protocol-relative, a scheme — is ignored), else the verification page. The saved
 * value is used once: it is always removed.
 */
export function afterSignIn(flags: Flags): { to: string; remove: FlagKey[] } {
  const saved = safeRedirectPath(flags.redirect_url);
  return { to: saved ?? STAFF_FIRST_PAGE, remove: ["redirect_url"] };
}

/**
 * The server refused the staff token mid-session (expired or revoked): keep the page the staff
 * member was on, drop the token, and send them to sign in again.
 */
export function sessionExpired(currentPath: string): void {
  setFlag("redirect_url", currentPath);
  removeFlags(["Token"]);
}

/** The full path (with query) of the page the element sits on. */
export function currentPath(): string {
  return typeof location === "undefined" ? STAFF_HOME : `${location.pathname}${location.search}`;
}

export { $flags };
