/**
 * What the result page and the redeem centre share: one customer at the counter, loaded with what
 * is handed over, the member redemption with the way on to the next customer, and the note that
 * makes the verification camera pass over this customer's code for a while once the page is left.
 */
import { type ReactNode, useEffect, useRef } from "react";
import type { Lead } from "../core/types.ts";
import { baseSheet } from "../ui/base.ts";
import { useStyles } from "../ui/styles.ts";
import { normaliseLang, useT } from "../ui/useT.ts";
import type { StaffEventDetails } from "./events.ts";
import { handOverFacts } from "./HandOver.tsx";
import { noteServed } from "./justServed.ts";
import { LeadStatus } from "./LeadParts.tsx";
import { NextCustomer } from "./NextCustomer.tsx";
import { RedeemPanel } from "./RedeemPanel.tsx";
import { staffSheet } from "./styles.ts";
import { useLeadDetails } from "./useLeadDetails.ts";
import { type StaffApiProps, useLead, useStaffApi } from "./useStaffApi.ts";

export interface CounterLeadProps extends StaffApiProps {
  leadId?: string;
  onNuStep?: (detail: StaffEventDetails["nu-step"]) => void;
  onNuError?: (detail: StaffEventDetails["nu-error"]) => void;
}

export function useCounterLead(props: CounterLeadProps) {
  const ref = useRef<HTMLDivElement>(null);
  const styles = useStyles(ref, baseSheet, staffSheet);
  const t = useT(props.lang);
  const api = useStaffApi(ref, props);
  const leadId = props.leadId?.trim() || undefined;
  const { state, reload } = useLead(leadId, api.client, api.lang, api.endedSession);
  const details = useLeadDetails(state.status === "ready" ? state.lead : null, api.lang, api.client);
  // However the page is left (下一位客戶, 核實另一位客戶, the staff bar), from then on.
  const servedId = state.status === "ready" ? state.lead.id : undefined;
  useEffect(() => {
    if (servedId) return () => noteServed(servedId);
  }, [servedId]);
  return { ref, styles, t, ...api, leadId, state, reload, ...details };
}

export type CounterLead = ReturnType<typeof useCounterLead>;

/** The page around a counter lead: no lead asked for, its loading and failure, then `children`. */
export function CounterLeadPage({
  counter,
  children,
}: {
  counter: CounterLead;
  children: (lead: Lead, toVerification: ReactNode) => ReactNode;
}) {
  const { ref, styles, t, lang, emit, leadId, state, settled, reload, lead } = counter;
  const toVerification = (
    <button
      type="button"
      className="nu-button nu-button--secondary"
      onClick={() => emit("nu-step", { step: "verification" })}
    >
      {t("staff.result.another")}
    </button>
  );
  return (
    <div ref={ref} lang={normaliseLang(lang)} className="nu-root nu-staff">
      {styles}
      {leadId ? (
        <>
          <LeadStatus state={state} settled={settled} lang={lang} onRetry={reload} extra={toVerification} />
          {lead ? children(lead, toVerification) : null}
        </>
      ) : (
        <div className="nu-panel">
          <p>{t("staff.lead.missing")}</p>
          <div className="nu-actions">{toVerification}</div>
        </div>
      )}
    </div>
  );
}

/** The member redemption, naming what goes in the bag; once redeemed, 下一位客戶（開啟掃描）. */
export function MemberRedemption({ counter, lead }: { counter: CounterLead; lead: Lead }) {
  const { lang, client, endedSession, reload, products, offer, emit } = counter;
  return (
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
  );
}
