import { offers, shownKinds } from "../core/benefits.ts";
import { useIds } from "../ui/ids.ts";
import { CounterLeadPage, type CounterLeadProps, MemberRedemption, useCounterLead } from "./CounterLead.tsx";
import { formatHkDateTime } from "./format.ts";
import { Facts, identityFacts, RedemptionList } from "./LeadParts.tsx";
import { hospitalName, productName } from "./leadNames.ts";
import { babyText, residenceText } from "./leadView.ts";

/** Props of `<nu-staff-result>`: documented once, in lib/elements/staff.docs.ts. */
export type StaffResultProps = CounterLeadProps;

/**
 * The lead as staff need it to verify a person, with the redemptions its flow offers (a nuForm
 * lead has no nutritionist consultation: lib/core/benefits.ts) and their status.
 */
export function StaffResult(props: StaffResultProps) {
  const counter = useCounterLead(props);
  const { t, lang, emit, products, hospitals } = counter;
  const ids = useIds("details", "redemptions");
  return (
    <CounterLeadPage counter={counter}>
      {(lead, toVerification) => {
        const others = shownKinds(lead).filter((kind) => kind !== "member");
        return (
          <>
            <section className="nu-panel" aria-labelledby={ids.details}>
              <h2 className="nu-panel-title" id={ids.details}>
                {t("staff.result.title")}
              </h2>
              <Facts
                facts={[
                  ...identityFacts(lead, lang),
                  [t("staff.lead.residence"), residenceText(lead, lang)],
                  [t("staff.lead.baby"), babyText(lead, lang)],
                  [t("staff.lead.hospital"), hospitalName(lead, hospitals, lang)],
                  [t("staff.lead.product"), productName(lead, products, lang, t("staff.lead.noProduct"))],
                  [
                    t("staff.lead.flow"),
                    t(lead.flow === "recruitment" ? "staff.lead.flowRecruitment" : "staff.lead.flowNuform"),
                  ],
                  [t("staff.lead.createdAt"), formatHkDateTime(lead.created_at)],
                ]}
              />
            </section>
            {/* The counter's one screen: who it is, what goes in the bag, and the button that redeems. */}
            <MemberRedemption counter={counter} lead={lead} />
            <section className="nu-panel" aria-labelledby={ids.redemptions}>
              <h2 className="nu-panel-title" id={ids.redemptions}>
                {t(others.length > 0 ? "staff.result.redemptions" : "staff.result.more")}
              </h2>
              {others.length > 0 ? <RedemptionList lead={lead} kinds={others} lang={lang} /> : null}
              <div className="nu-actions">
                <button
                  type="button"
                  className="nu-button nu-button--secondary"
                  onClick={() => emit("nu-step", { step: "redeem_center", params: { leadId: lead.id } })}
                >
                  {t("staff.result.toRedeem")}
                </button>
                {offers(lead.flow, "nutritionist") ? (
                  <button
                    type="button"
                    className="nu-button nu-button--secondary"
                    onClick={() => emit("nu-step", { step: "nutritionist_redeem", params: { id: lead.id } })}
                  >
                    {t("staff.result.toNutritionist")}
                  </button>
                ) : null}
                {toVerification}
              </div>
            </section>
          </>
        );
      }}
    </CounterLeadPage>
  );
}
