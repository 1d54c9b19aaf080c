import type { ApiClient } from "../api/index.ts";
import type { Lang } from "../core/i18n/index.ts";
import type { Lead } from "../core/types.ts";
import { useLeadLists } from "./leadNames.ts";
import { useOffer } from "./OfferFacts.tsx";

/**
 * What a lead's counter page shows beside the lead: its product and hospital names and the
 * operator's offer (what goes in the bag). `settled` once each has answered or failed: the page
 * draws the lead only then, in one go, so the hand-over block does not arrive late and push the
 * buttons under a staff member's finger (docs/staff.md).
 */
export function useLeadDetails(lead: Lead | null, lang: Lang, client: ApiClient) {
  const { products, hospitals } = useLeadLists(lead, client);
  const offer = useOffer(lead, lang, client);
  const settled =
    !!lead &&
    (!lead.flow || offer !== undefined) &&
    (!lead.product_id || products !== null) &&
    (!lead.baby?.hospital_type || hospitals !== null);
  return { products, hospitals, offer, settled };
}
