/**
 * The staff session as docs/rules.md#browser-storage stores it: STAFF_ID, Token, STAFF_NAME, STAFF_ROLE in localStorage
 * (through the shared flags store), plus the rules that decide where sign-in leads.
 */

import { safeRedirectPath } from "../core/redirect.ts";
import { STAFF_HOME } from "../core/routes.ts";
import { staffDisplayName } from "../core/staffLogin.ts";
import { checkStaffToken } from "../core/staffToken.ts";
import type { FlagKey, Flags } from "../core/storageKeys.ts";
import type { StaffRecord } from "../core/types.ts";
import { $flags, applyFlagChanges } from "../state/flags.ts";
import { STAFF_SESSION_KEYS } from "./staffSessionKeys.ts";

export {
  endSession,
  sessionExpired,
  signOutEverywhere,
  signOutStaff,
  takeSignedOutStaff,
} from "./staffSignOut.ts";
export { STAFF_SESSION_KEYS };

export const STAFF_FIRST_PAGE = "/staff/verification";

export { type StaffLoginOutcome, staffLoginOutcome } from "../core/staffLogin.ts";

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

export function isSignedIn(flags: Flags, nowMs: number = Date.now()): boolean {
  return checkStaffToken(flags.Token, nowMs) === true;
}

/**
 * Where a fresh sign-in goes: the saved redirect_url when it is a path on this site (anything else
 * — absolute, protocol-relative, a scheme — is ignored), else the verification page. The saved
 * value is used once: it is always removed. After someone signed out on this device
 * (`signedOutStaff`), only that same person is taken back: a page saved after a sign-out (Back to
 * the last customer's record) must not open for the next staff member at the counter.
 */
export function afterSignIn(
  flags: Flags,
  staffId?: string,
  signedOutStaff?: string | null,
): { to: string; remove: FlagKey[] } {
  const otherPerson = Boolean(signedOutStaff && staffId && signedOutStaff !== staffId);
  const saved = otherPerson ? null : safeRedirectPath(flags.redirect_url);
  return { to: saved ?? STAFF_FIRST_PAGE, remove: ["redirect_url"] };
}

/** The full path (with query) of the page the element sits on. */
export function currentPath(): string {
  return typeof location === "undefined" ? STAFF_HOME : `${location.pathname}${location.search}`;
}

export { $flags };
