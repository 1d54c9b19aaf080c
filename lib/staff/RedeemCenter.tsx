import { useIds } from "../ui/ids.ts";
import { CounterLeadPage, type CounterLeadProps, MemberRedemption, useCounterLead } from "./CounterLead.tsx";
import { Facts, identityFacts } from "./LeadParts.tsx";
import { OfferFacts } from "./OfferFacts.tsx";

/** Props of `<nu-redeem-center>`: documented once, in lib/elements/staff.docs.ts. */
export type RedeemCenterProps = CounterLeadProps;

/** The redeem centre: the member redemption of one lead, confirmed, then redeemed exactly once. */
export function RedeemCenter(props: RedeemCenterProps) {
  const counter = useCounterLead(props);
  const { t, lang, emit, offer } = counter;
  const ids = useIds("customer");
  return (
    <CounterLeadPage counter={counter}>
      {(lead, toVerification) => (
        <>
          <section className="nu-panel" aria-labelledby={ids.customer}>
            <h2 className="nu-panel-title" id={ids.customer}>
              {t("staff.redeem.customer")}
            </h2>
            <Facts facts={identityFacts(lead, lang)} />
          </section>
          <OfferFacts lead={lead} lang={lang} offer={offer} />
          <MemberRedemption counter={counter} lead={lead} />
          <div className="nu-actions">
            <button
              type="button"
              className="nu-button nu-button--secondary"
              onClick={() => emit("nu-step", { step: "result", params: { id: lead.id } })}
            >
              {t("staff.redeem.backToResult")}
            </button>
            {toVerification}
          </div>
        </>
      )}
    </CounterLeadPage>
  );
}
