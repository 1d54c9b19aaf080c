/**
 * The gate every customer step passes before it shows: the flow's guard (SPEC §4) and, on the
 * entry page and on guarded pages when signed in, the maintenance check (SPEC §5). Used by the
 * host pages and by a self-driven `<nu-form>` / `<nu-recruitment-form>` alike, so the rules run
 * the same way whether or not a router is around.
 */
import { type GuardDecision, nuformGuard, recruitmentGuard } from "./core/guards.ts";
import { maintenanceDecision } from "./core/maintenance.ts";
import { NUFORM_BASE, RECRUITMENT_BASE } from "./core/routes.ts";
import type { FlagKey, Flags } from "./core/storageKeys.ts";
import type { MaintenanceRecord } from "./core/types.ts";

export type CustomerFlow = "nuform" | "recruitment";

export interface GateInput {
  flow: CustomerFlow;
  /** The step's path segment; "" (or "login") is the entry page. */
  step: string;
  flags: Flags;
  loadMaintenance: () => Promise<MaintenanceRecord>;
  maintenancePageUrl: string;
  nowMs?: number;
}

export type GateResult =
  | { kind: "show"; set?: Flags; remove?: FlagKey[] }
  | { kind: "redirect"; to: string; set?: Flags; remove?: FlagKey[] }
  /** Maintenance: leave the app for the maintenance page (may be another site). */
  | { kind: "maintenance"; to: string; remove: FlagKey[] };

export function flowPath(flow: CustomerFlow, step: string): string {
  const base = flow === "nuform" ? NUFORM_BASE : RECRUITMENT_BASE;
  return step && step !== "login" ? `${base}/${step}` : base;
}

/** The flag that says the customer signed in to this flow (SPEC §6). */
export const SIGNED_IN_FLAG: Record<CustomerFlow, FlagKey> = {
  nuform: "isAuthenticated",
  recruitment: "isAuthenticatedRe",
};

export async function runGate(input: GateInput): Promise<GateResult> {
  const path = flowPath(input.flow, input.step);
  const decision: GuardDecision =
    input.flow === "nuform"
      ? nuformGuard({ path, flags: input.flags })
      : recruitmentGuard({ path, flags: input.flags });
  const effects = { set: decision.set, remove: decision.remove };
  if (decision.action === "redirect" && decision.to) return { kind: "redirect", to: decision.to, ...effects };

  const isEntry = path === flowPath(input.flow, "");
  const signedIn = input.flags[SIGNED_IN_FLAG[input.flow]] === "true";
  if (isEntry || signedIn) {
    let record: MaintenanceRecord | null = null;
    try {
      record = await input.loadMaintenance();
    } catch (error) {
      // Fail open: a broken maintenance endpoint must not lock every customer out of the form.
      console.warn("nu-forms: maintenance check failed", error instanceof Error ? error.message : error);
    }
    if (record) {
      const verdict = maintenanceDecision({
        record,
        flow: input.flow,
        nowMs: input.nowMs ?? Date.now(),
        pageUrl: input.maintenancePageUrl,
      });
      if (verdict.blocked) return { kind: "maintenance", to: verdict.redirectTo, remove: verdict.clearFlags };
    }
  }
  return { kind: "show", ...effects };
}
