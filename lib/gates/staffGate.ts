/**
 * The gate every staff page passes before it shows (docs/rules.md#staff staff guard): the pure guard from
 * core, plus the lead look-up it may ask for, done with the staff token. A host page runs this and
 * applies the answer; it holds no staff rule of its own.
 */
import { staffGuard } from "../core/guards.ts";
import { STAFF_HOME } from "../core/routes.ts";
import type { FlagKey, Flags } from "../core/storageKeys.ts";
import { isUnauthorised } from "./unauthorised.ts";

export interface StaffGateInput {
  /** The full path with its query, as the browser shows it. */
  path: string;
  /** The previous URL in this visit ('' on the first page). */
  from: string;
  flags: Flags;
  nowMs?: number;
  /** Looks the lead up with the staff token; rejects when it cannot be loaded. */
  loadLead: (by: "id" | "leadId", value: string) => Promise<unknown>;
  /**
   * Asks the server whether the token's session is still live (a token signed out elsewhere
   * looks valid to the browser); false when the server refused it. Optional.
   */
  confirmSession?: () => Promise<boolean>;
}

export type StaffGateResult =
  | { kind: "show" }
  | { kind: "redirect"; to: string; set?: Flags; remove?: FlagKey[] };

export { isUnauthorised };

/** The path part of a URL or path ('' stays ''). */
function pathOf(url: string): string {
  if (!url) return "";
  try {
    const parsed = new URL(url, "https://nu-forms.invalid");
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return "";
  }
}

/** The server ended the session: sign in again, then come back to this very page. */
function backToSignIn(path: string): StaffGateResult {
  return { kind: "redirect", to: STAFF_HOME, set: { redirect_url: path }, remove: ["Token"] };
}

export async function runStaffGate(input: StaffGateInput): Promise<StaffGateResult> {
  const decision = staffGuard({
    path: input.path,
    from: pathOf(input.from),
    flags: input.flags,
    nowMs: input.nowMs ?? Date.now(),
  });
  if (decision.action === "redirect" && decision.to) {
    return { kind: "redirect", to: decision.to, set: decision.set, remove: decision.remove };
  }
  if (input.confirmSession && !(await input.confirmSession())) return backToSignIn(input.path);
  if (decision.action === "load-lead" && decision.lead) {
    try {
      await input.loadLead(decision.lead.by, decision.lead.value);
    } catch (error) {
      // The server ended the session: sign in again, then come back to this very page.
      if (isUnauthorised(error)) return backToSignIn(input.path);
      return { kind: "redirect", to: decision.lead.onFail };
    }
  }
  return { kind: "show" };
}
