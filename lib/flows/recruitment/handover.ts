/**
 * From the recruitment form's member redemption to nuForm's product step (SPEC §4's
 * RECTUITMENTFORM exceptions): the customer is already verified, so nuForm's sign-in flag is set
 * with the same customer token, the recruitment lead becomes nuForm's current lead, and
 * RECTUITMENTFORM lets nuForm's guard through to the product step. nuForm's member redemption
 * clears RECTUITMENTFORM again.
 */
import { NUFORM_BASE } from "../../core/routes.ts";
import { applyFlagChanges } from "../../state/index.ts";
import { flowSession } from "../shared/session.ts";

/** What a self-driven recruitment element emits as `nu-step` for the hand-over. */
export const HANDOVER_STEP = "nuform:product";
export const HANDOVER_PATH = `${NUFORM_BASE}/product`;

export function handOverToNuform(leadId: string, email: string | undefined): void {
  applyFlagChanges({
    remove: ["IsSelectedNUProduct"],
    set: { RECTUITMENTFORM: "true", isInserted: "true", isAuthenticated: "true" },
  });
  const nuform = flowSession("nuform");
  nuform.setKey("leadId", leadId);
  nuform.setKey("email", email);
  nuform.setKey("existing", "true");
  nuform.setKey("step", "product");
}
