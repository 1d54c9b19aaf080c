/**
 * Route guards of docs/rules.md#guards as pure functions: they read the flags and the path and say what to do;
 * the caller (host page or a self-driven flow element) applies `set`/`remove` to the stored flags
 * and navigates. Entry pages (a flow's empty path) are never guarded.
 */
import {
  NUFORM_BASE,
  NUFORM_STEPS,
  RECRUITMENT_BASE,
  RECRUITMENT_STEPS,
  STAFF_GUARDED_PAGES,
  STAFF_HOME,
} from "./routes.ts";
import { checkStaffToken } from "./staffToken.ts";
import { type FlagKey, type Flags, isFlagSet } from "./storageKeys.ts";

export interface GuardDecision {
  action: "stay" | "redirect" | "load-lead";
  /** Where to go (`redirect`). */
  to?: string;
  /** Flags to store before acting. */
  set?: Flags;
  /** Flags to remove before acting. */
  remove?: FlagKey[];
  /** `load-lead`: look the lead up by this query value; on failure go to `onFail`. */
  lead?: { by: "id" | "leadId"; value: string; onFail: string };
}

export interface FlowGuardInput {
  /** The page's path (a query or trailing slash is ignored). */
  path: string;
  flags: Flags;
}

export interface StaffGuardInput {
  /** The full path with its query, e.g. `/staff/result?id=NU4K7P2QXM`. */
  path: string;
  /** The previous path, or '' on the first page of the visit. */
  from: string;
  flags: Flags;
  nowMs?: number;
}

/** Where a staff page goes when its lead cannot be loaded. */
export const STAFF_LEAD_FAIL = "/staff/verification?type=staff";

const STAY: GuardDecision = { action: "stay" };
const redirect = (to: string, extra: Partial<GuardDecision> = {}): GuardDecision => ({
  action: "redirect",
  to,
  ...extra,
});

function splitPath(path: string): { pathname: string; query: URLSearchParams } {
  const url = new URL(path || "/", "https://nu-forms.invalid");
  return { pathname: url.pathname, query: url.searchParams };
}

/** The step under a flow's base path: '' for the entry page, null when the path is elsewhere. */
function stepOf(path: string, base: string): string | null {
  const { pathname } = splitPath(path);
  const trimmed = pathname.replace(/\/+$/, "");
  if (trimmed === base) return "";
  return trimmed.startsWith(`${base}/`) ? trimmed.slice(base.length + 1) : null;
}

/** Recruitment form: guarded pages need isAuthenticatedRe; isInserted sends back to the login except on memberRedemption. */
export function recruitmentGuard({ path, flags }: FlowGuardInput): GuardDecision {
  const step = stepOf(path, RECRUITMENT_BASE);
  if (!step || !(RECRUITMENT_STEPS as readonly string[]).includes(step)) return STAY;
  if (!isFlagSet(flags, "isAuthenticatedRe")) return redirect(RECRUITMENT_BASE);
  if (isFlagSet(flags, "isInserted") && step !== "memberRedemption") return redirect(RECRUITMENT_BASE);
  return STAY;
}

/** nuForm: docs/rules.md#nuform, rule by rule. */
export function nuformGuard({ path, flags }: FlowGuardInput): GuardDecision {
  const step = stepOf(path, NUFORM_BASE);
  if (!step || !(NUFORM_STEPS as readonly string[]).includes(step)) return STAY;
  if (!isFlagSet(flags, "isAuthenticated")) return redirect(NUFORM_BASE);
  const fromRecruitment = isFlagSet(flags, "RECTUITMENTFORM");
  const inserted = isFlagSet(flags, "isInserted");
  if (inserted && step !== "product" && step !== "memberRedemption" && !fromRecruitment) {
    return redirect(NUFORM_BASE);
  }
  if (step === "product" && !fromRecruitment && (isFlagSet(flags, "IsSelectedNUProduct") || !inserted)) {
    return redirect(NUFORM_BASE);
  }
  if (step === "memberRedemption") return { action: "stay", remove: ["RECTUITMENTFORM"] };
  return STAY;
}

/** The staff page named by a path, in lower case ('' when not a staff page). */
function staffPage(path: string): string {
  const pathname = splitPath(path).pathname.toLowerCase().replace(/\/+$/, "");
  return pathname.startsWith("/staff/") ? pathname.slice("/staff/".length) : "";
}

function loadLead(by: "id" | "leadId", query: URLSearchParams): GuardDecision {
  const value = query.get(by)?.trim();
  if (!value) return redirect(STAFF_LEAD_FAIL);
  return { action: "load-lead", lead: { by, value, onFail: STAFF_LEAD_FAIL } };
}

/**
 * Staff area: the five tool pages need a staff token whose `exp` has not passed (else the full
 * path is kept as redirect_url and the user goes to /staff/home); result and redeem_center
 * reload their lead unless reached from the page that just loaded it. Paths compare in lower case.
 */
export function staffGuard({ path, from, flags, nowMs = Date.now() }: StaffGuardInput): GuardDecision {
  const page = staffPage(path);
  if (!(STAFF_GUARDED_PAGES as readonly string[]).includes(page)) return STAY;
  if (checkStaffToken(flags.Token, nowMs) !== true)
    return redirect(STAFF_HOME, { set: { redirect_url: path } });
  const previous = from ? staffPage(from) : "";
  const { query } = splitPath(path);
  if (page === "result" && previous !== "verification") return loadLead("id", query);
  if (page === "redeem_center" && previous !== "result") return loadLead("leadId", query);
  return STAY;
}
