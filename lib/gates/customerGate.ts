/**
 * The gate every customer step passes before it shows: the flow's guard (docs/rules.md#guards) and, on the
 * entry page and on guarded pages when signed in, the maintenance check (docs/rules.md#maintenance). Used by the
 * host pages and by a self-driven `<nu-form>` / `<nu-recruitment-form>` alike, so the rules run
 * the same way whether or not a router is around.
 */
import { type GuardDecision, nuformGuard, recruitmentGuard } from "../core/guards.ts";
import { maintenanceDecision } from "../core/maintenance.ts";
import { NUFORM_BASE, RECRUITMENT_BASE } from "../core/routes.ts";
import { tokenExpiry } from "../core/staffToken.ts";
import type { FlagKey, Flags } from "../core/storageKeys.ts";
import type { Flow, MaintenanceRecord } from "../core/types.ts";

export interface GateInput {
  flow: Flow;
  /** The step's path segment; "" (or "login") is the entry page. */
  step: string;
  flags: Flags;
  loadMaintenance: () => Promise<MaintenanceRecord>;
  maintenancePageUrl: string;
  nowMs?: number;
}

/** Why a customer is on the sign-in page against their will, so the page can say so. */
export type SignInReason = "guard" | "expired";

export type GateResult =
  | { kind: "show"; set?: Flags; remove?: FlagKey[]; signInReason?: SignInReason }
  | { kind: "redirect"; to: string; set?: Flags; remove?: FlagKey[]; signInReason?: SignInReason }
  /** Maintenance: leave the app for the maintenance page (may be another site). */
  | { kind: "maintenance"; to: string; remove: FlagKey[]; signInReason?: never };

/**
 * After a maintenance check that failed (an error, or no answer within the read's own 3 s,
 * lib/api/client.ts MAINTENANCE_TIMEOUT_MS), the steps of this page show without asking again for
 * this long: a hanging endpoint costs a customer those seconds once, not on every step.
 * docs/flows.md, "Maintenance check".
 */
export const MAINTENANCE_RETRY_AFTER_MS = 60_000;

/** When this page's last failed maintenance check started (ms; 0: none failed). */
let maintenanceFailedAt = 0;

/** Forgets a failed maintenance check (tests; a new page starts without one anyway). */
export function forgetMaintenanceFailure(): void {
  maintenanceFailedAt = 0;
}

export function flowPath(flow: Flow, step: string): string {
  const base = flow === "nuform" ? NUFORM_BASE : RECRUITMENT_BASE;
  return step && step !== "login" ? `${base}/${step}` : base;
}

/** The flag that says the customer signed in to this flow (docs/rules.md#browser-storage). */
export const SIGNED_IN_FLAG: Record<Flow, FlagKey> = {
  nuform: "isAuthenticated",
  recruitment: "isAuthenticatedRe",
};

/** A customer token whose own `exp` has passed (an undecodable one is left for the server to judge). */
export function customerTokenExpired(token: string | undefined, nowMs: number): boolean {
  const exp = token ? tokenExpiry(token) : null;
  return exp !== null && nowMs > exp * 1000;
}

export async function runGate(input: GateInput): Promise<GateResult> {
  const path = flowPath(input.flow, input.step);
  const entryPath = flowPath(input.flow, "");
  const nowMs = input.nowMs ?? Date.now();
  // An expired sign-in is a sign-out: the guard sees it so, and the flags go (the draft stays).
  const expired =
    input.flags[SIGNED_IN_FLAG[input.flow]] === "true" &&
    customerTokenExpired(input.flags.CUSTOMER_TOKEN, nowMs);
  const flags: Flags = expired
    ? { ...input.flags, [SIGNED_IN_FLAG[input.flow]]: undefined, CUSTOMER_TOKEN: undefined }
    : input.flags;
  const decision: GuardDecision =
    input.flow === "nuform" ? nuformGuard({ path, flags }) : recruitmentGuard({ path, flags });
  const remove: FlagKey[] | undefined = expired
    ? [...(decision.remove ?? []), SIGNED_IN_FLAG[input.flow], "CUSTOMER_TOKEN"]
    : decision.remove;
  const effects = { set: decision.set, remove };
  if (decision.action === "redirect" && decision.to) {
    const toSignIn = decision.to === entryPath && path !== entryPath;
    const signInReason: SignInReason | undefined = expired ? "expired" : toSignIn ? "guard" : undefined;
    return { kind: "redirect", to: decision.to, ...effects, ...(signInReason ? { signInReason } : {}) };
  }

  const isEntry = path === entryPath;
  const signedIn = flags[SIGNED_IN_FLAG[input.flow]] === "true";
  // Fail open: a broken maintenance endpoint must not lock every customer out of the form, nor
  // hold every step while it hangs. A record that answers is read again on every checked step.
  if ((isEntry || signedIn) && nowMs - maintenanceFailedAt >= MAINTENANCE_RETRY_AFTER_MS) {
    let record: MaintenanceRecord | null = null;
    try {
      record = await input.loadMaintenance();
    } catch (error) {
      maintenanceFailedAt = nowMs;
      console.warn("nu-forms: maintenance check failed", error instanceof Error ? error.message : error);
    }
    if (record) {
      const verdict = maintenanceDecision({
        record,
        flow: input.flow,
        nowMs,
        pageUrl: input.maintenancePageUrl,
      });
      if (verdict.blocked) return { kind: "maintenance", to: verdict.redirectTo, remove: verdict.clearFlags };
    }
  }
  return { kind: "show", ...effects, ...(expired ? { signInReason: "expired" as const } : {}) };
}
