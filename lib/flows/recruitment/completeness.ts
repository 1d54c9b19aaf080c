import type { Translate } from "../../ui/useT.ts";
import type { FlowDraft } from "../shared/flowDraft.ts";
import { validatePerson } from "../shared/personValidation.ts";
import { babyDateInRange } from "./babyDate.ts";

/**
 * The first step whose answers are missing from the draft (someone opened a later page by its
 * URL, or the draft was lost), so the review page can send the customer there instead of
 * submitting a lead the server will refuse.
 */
export function firstIncompleteStep(draft: FlowDraft, t: Translate): string | null {
  const person = validatePerson(draft, "HK", t);
  if (Object.values(person.errors).some(Boolean) || person.addressIncomplete) return "personInfo";
  if (!draft.consents.terms || !draft.consents.privacy) return "termsAndConditions";
  if (!draft.clinic_id) return "cooperativePartner";
  const baby = draft.baby;
  if (
    !baby.status ||
    !baby.date ||
    !babyDateInRange(baby.status, baby.date) ||
    !baby.hospital_type ||
    !baby.hospital_id
  ) {
    return "babyInfo";
  }
  return null;
}
