/**
 * From the recruitment form's member redemption to nuForm's product step (the
 * RECTUITMENTFORM exceptions, docs/rules.md#nuform): the customer is already verified, so nuForm's sign-in flag is set
 * with the same customer token, the recruitment lead becomes nuForm's current lead, and
 * RECTUITMENTFORM lets nuForm's guard through to the product step. nuForm's member redemption
 * clears RECTUITMENTFORM again.
 */
import { NUFORM_BASE } from "../../core/routes.ts";
import { applyFlagChanges } from "../../state/index.ts";
import { flowSession } from "../shared/flowSession.ts";

/**
 * The `nu-step` detail of the hand-over: `step` names nuForm's product step for a page without
 * routes (it shows a `<nu-form>`, which opens on product), `path` is that step's host route.
 */
export const HANDOVER = { step: "nuform:product", path: `${NUFORM_BASE}/product` } as const;

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
