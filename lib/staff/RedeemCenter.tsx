import { useRef } from "react";
import { baseSheet } from "../ui/base.ts";
import { useIds } from "../ui/ids.ts";
import { useStyles } from "../ui/styles.ts";
import { normaliseLang, useT } from "../ui/useT.ts";
import type { StaffEventDetails } from "./events.ts";
import { handOverFacts } from "./HandOver.tsx";
import { Facts, identityFacts, LeadStatus } from "./LeadParts.tsx";
import { NextCustomer } from "./NextCustomer.tsx";
import { OfferFacts } from "./OfferFacts.tsx";
import { RedeemPanel } from "./RedeemPanel.tsx";
import { staffSheet } from "./styles.ts";
import { useLeadDetails } from "./useLeadDetails.ts";
import { type StaffApiProps, useLead, useStaffApi } from "./useStaffApi.ts";

/** Props of `<nu-redeem-center>`: documented once, in lib/elements/staff.docs.ts. */
export interface RedeemCenterProps extends StaffApiProps {
  leadId?: string;
  onNuStep?: (detail: StaffEventDetails["nu-step"]) => void;
  onNuError?: (detail: StaffEventDetails["nu-error"]) => void;
}

/** The redeem centre: the member redemption of one lead, confirmed, then redeemed exactly once. */
export function RedeemCenter(props: RedeemCenterProps) {
  const ref = useRef<HTMLDivElement>(null);
  const styles = useStyles(ref, baseSheet, staffSheet);
  const t = useT(props.lang);
  const { client, lang, emit, endedSession } = useStaffApi(ref, props);
  const leadId = props.leadId?.trim() || undefined;
  const { state, reload } = useLead(leadId, client, lang, endedSession);
  const ids = useIds("customer");
  const found = state.status === "ready" ? state.lead : null;
  const { lead, products, offer, settled } = useLeadDetails(found, lang, client);

  const toVerification = (
    <button
      type="button"
      className="nu-button nu-button--secondary"
      onClick={() => emit("nu-step", { step: "verification" })}
    >
      {t("staff.result.another")}
    </button>
  );

  if (!leadId) {
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
          <section className="nu-panel" aria-labelledby={ids.customer}>
            <h2 className="nu-panel-title" id={ids.customer}>
              {t("staff.redeem.customer")}
            </h2>
            <Facts facts={identityFacts(lead, lang)} />
          </section>
          <OfferFacts lead={lead} lang={lang} offer={offer} />
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
      ) : null}
    </div>
  );
}
