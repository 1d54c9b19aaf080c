/**
 * What a verified e-code starts: the flow's session, the flags docs/rules.md#browser-storage stores, and for a customer
 * with a lead of the other flow, the draft prefilled from it. Loaded with the code entry
 * (CodeEntry.tsx), not with the e-mail field.
 */
import type { ApiClient, VerifyResult } from "../../api/index.ts";
import type { Flow } from "../../core/types.ts";
import { SIGNED_IN_FLAG } from "../../gates/customerGate.ts";
import { applyFlagChanges } from "../../state/index.ts";
import { PROGRESS_FLAGS } from "./customerSignIn.ts";
import { clearDraft, getDraft } from "./flowDraft.ts";
import { flowSession, resetFlowSession } from "./flowSession.ts";
import { prefillFromLead } from "./prefill.ts";

/** What the entry page needs to know of a new sign-in: the flow's own lead, when verify found one. */
export interface VerifiedSignIn {
  ownLeadId?: string;
}

/**
 * Stores a verified sign-in. When verify found this flow's own lead, the lead id is kept and
 * isInserted is set, so the guard lets the customer only where an existing lead may go.
 */
export function startCustomerSession(flow: Flow, email: string, result: VerifyResult): VerifiedSignIn {
  const previousEmail = flowSession(flow).get().email;
  const ownLeadId = result.lead_flow === flow && result.lead_id ? result.lead_id : undefined;
  if (previousEmail && previousEmail.toLowerCase() !== email.toLowerCase()) {
    // Someone else typed the draft: keep only what came with the page (the partner).
    clearDraft(flow, { partner: getDraft(flow).partner, loginEmail: email });
  }
  resetFlowSession(flow, { email, existing: result.existing ? "true" : "false", leadId: ownLeadId });
  applyFlagChanges({
    remove: [...PROGRESS_FLAGS],
    set: {
      CUSTOMER_TOKEN: result.token,
      [SIGNED_IN_FLAG[flow]]: "true",
      ...(ownLeadId ? { isInserted: "true" } : {}),
    },
  });
  return { ownLeadId };
}

/**
 * A verified sign-in, complete: the session is stored, and an existing customer without a lead of
 * this flow starts with what their other lead holds (best effort).
 */
export async function completeSignIn(
  api: ApiClient,
  flow: Flow,
  email: string,
  result: VerifyResult,
): Promise<VerifiedSignIn> {
  const { ownLeadId } = startCustomerSession(flow, email, result);
  if (!ownLeadId && result.existing && result.lead_id) await prefillFromLead(api, flow, result.lead_id);
  return { ownLeadId };
}
