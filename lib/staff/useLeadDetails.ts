import type { ApiClient } from "../api/index.ts";
import type { Lang } from "../core/i18n/index.ts";
import type { Lead } from "../core/types.ts";
import { useLeadLists } from "./leadNames.ts";
import { useOffer } from "./OfferFacts.tsx";

/**
 * What a lead's counter page shows beside the found lead: its product and hospital names and the
 * operator's offer (what goes in the bag). `settled` once each has answered or failed; `lead` is
 * the lead to draw, null until then: the page draws it in one go, so the hand-over block does not
 * arrive late and push the buttons under a staff member's finger (docs/staff.md).
 */
export function useLeadDetails(found: Lead | null, lang: Lang, client: ApiClient) {
  const { products, hospitals } = useLeadLists(found, client);
  const offer = useOffer(found, lang, client);
  const settled =
    !!found &&
    offer !== undefined &&
    (!found.product_id || products !== null) &&
    (!found.baby?.hospital_type || hospitals !== null);
  return { lead: settled ? found : null, products, hospitals, offer, settled };
}
