import { useRef } from "react";
import { baseSheet } from "../ui/base.ts";
import { useIds } from "../ui/ids.ts";
import { useStyles } from "../ui/styles.ts";
import { normaliseLang, useT } from "../ui/useT.ts";
import type { StaffEventDetails } from "./events.ts";
import { formatHkDateTime } from "./format.ts";
import { handOverFacts } from "./HandOver.tsx";
import { Facts, identityFacts, LeadStatus, RedemptionList } from "./LeadParts.tsx";
import { hospitalName, productName } from "./leadNames.ts";
import { babyText, residenceText } from "./leadView.ts";
import { NextCustomer } from "./NextCustomer.tsx";
import { RedeemPanel } from "./RedeemPanel.tsx";
import { staffSheet } from "./styles.ts";
import { useLeadDetails } from "./useLeadDetails.ts";
import { type StaffApiProps, useLead, useStaffApi } from "./useStaffApi.ts";

/** Props of `<nu-staff-result>`: documented once, in lib/elements/staff.docs.ts. */
export interface StaffResultProps extends StaffApiProps {
  leadId?: string;
  onNuStep?: (detail: StaffEventDetails["nu-step"]) => void;
  onNuError?: (detail: StaffEventDetails["nu-error"]) => void;
}

/** The lead as staff need it to verify a person, with each redemption's status. */
export function StaffResult(props: StaffResultProps) {
  const ref = useRef<HTMLDivElement>(null);
  const styles = useStyles(ref, baseSheet, staffSheet);
  const t = useT(props.lang);
  const { client, lang, emit, endedSession } = useStaffApi(ref, props);
  const { state, reload } = useLead(props.leadId?.trim() || undefined, client, lang, endedSession);
  const found = state.status === "ready" ? state.lead : null;
  const { lead, products, hospitals, offer, settled } = useLeadDetails(found, lang, client);
  const ids = useIds("details", "redemptions");

  const toVerification = (
    <button
      type="button"
      className="nu-button nu-button--secondary"
      onClick={() => emit("nu-step", { step: "verification" })}
    >
      {t("staff.result.another")}
    </button>
  );

  if (!props.leadId?.trim()) {
    return (
      <div ref={ref} lang={normaliseLang(lang)} className="nu-root nu-staff">
        {styles}
        <div className="nu-panel">
          <p>{t("staff.lead.missing")}</p>
          <div className="nu-actions">{toVerification}</div>
        </div>
      </div>
    );
  }

  return (
    <div ref={ref} lang={normaliseLang(lang)} className="nu-root nu-staff">
      {styles}
      <LeadStatus state={state} settled={settled} lang={lang} onRetry={reload} extra={toVerification} />
      {lead ? (
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
          <RedeemPanel
            lead={lead}
            kind="member"
            lang={lang}
            client={client}
            endedSession={endedSession}
            onRedeemed={reload}
            handOver={handOverFacts(lead, products, offer, lang)}
            next={<NextCustomer lang={lang} onStep={(detail) => emit("nu-step", detail)} />}
          />
          <section className="nu-panel" aria-labelledby={ids.redemptions}>
            <h2 className="nu-panel-title" id={ids.redemptions}>
              {t("staff.result.redemptions")}
            </h2>
            <RedemptionList lead={lead} kinds={["nutritionist"]} lang={lang} />
            <div className="nu-actions">
              <button
                type="button"
                className="nu-button nu-button--secondary"
                onClick={() => emit("nu-step", { step: "redeem_center", params: { leadId: lead.id } })}
              >
                {t("staff.result.toRedeem")}
              </button>
              <button
                type="button"
                className="nu-button nu-button--secondary"
                onClick={() => emit("nu-step", { step: "nutritionist_redeem", params: { id: lead.id } })}
              >
                {t("staff.result.toNutritionist")}
              </button>
              {toVerification}
            </div>
          </section>
        </>
      ) : null}
    </div>
  );
}
