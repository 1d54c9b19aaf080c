import { useEffect, useState } from "react";
import type { ApiClient } from "../api/index.ts";
import { displayDate, hkToday, lastRedemptionDay, sentenceDate } from "../core/dates.ts";
import type { Lang } from "../core/i18n/index.ts";
import type { Lead, RedemptionOffer } from "../core/types.ts";
import { useIds } from "../ui/ids.ts";
import { useT } from "../ui/useT.ts";
import { Facts } from "./LeadParts.tsx";

/**
 * The operator's offer for the lead's flow: undefined while it loads, null when there is none (or
 * it cannot load).
 */
export function useOffer(
  lead: Lead | null,
  lang: Lang,
  client: ApiClient,
): RedemptionOffer | null | undefined {
  const [offer, setOffer] = useState<RedemptionOffer | null | undefined>(undefined);
  const flow = lead?.flow;
  useEffect(() => {
    if (!flow) return;
    let current = true;
    client.redemptionOffer(flow, lang).then(
      (found) => current && setOffer(found),
      () => current && setOffer(null),
    );
    return () => {
      current = false;
    };
  }, [client, flow, lang]);
  return offer;
}

/**
 * What staff hand over for this registration, and until when (the operator's offer for the lead's
 * flow, the same last day the customer's page shows); a registration past it is said plainly,
 * so staff ask before redeeming.
 */
export function OfferFacts({
  lead,
  lang,
  offer,
}: {
  lead: Lead;
  lang: Lang;
  offer: RedemptionOffer | null | undefined;
}) {
  const t = useT(lang);
  const ids = useIds("offer");
  if (offer === undefined) return null;
  const lastDay = offer ? lastRedemptionDay(lead.created_at, offer.valid_days) : null;
  return (
    <section className="nu-panel" aria-labelledby={ids.offer} data-testid="redeem-offer">
      <h2 className="nu-panel-title" id={ids.offer}>
        {t("staff.redeem.offer")}
      </h2>
      {offer && lastDay ? (
        <>
          <Facts
            facts={[
              [t("staff.redeem.gift"), offer.gift],
              [t("staff.redeem.until"), t("flows.done.untilDate", { date: sentenceDate(lastDay, lang) })],
            ]}
          />
          {hkToday() > lastDay ? (
            <p className="nu-warning" role="note">
              {t("staff.redeem.expired", { date: displayDate(lastDay) })}
            </p>
          ) : null}
        </>
      ) : (
        <p>{t("staff.redeem.noOffer")}</p>
      )}
    </section>
  );
}
