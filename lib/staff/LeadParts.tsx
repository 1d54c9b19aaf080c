import type { ReactNode } from "react";
import type { Lang } from "../core/i18n/index.ts";
import { t } from "../core/i18n/index.ts";
import { normaliseLeadRef } from "../core/leadRef.ts";
import type { Lead, RedemptionKind } from "../core/types.ts";
import { EmailText } from "../ui/EmailText.tsx";
import { ErrorMessage } from "../ui/form/ErrorMessage.tsx";
import { customerName, phoneText, redeemedByText, redemptionOf } from "./leadView.ts";
import type { LeadState } from "./useStaffApi.ts";

export type Fact = [label: string, value: ReactNode];

export function Facts({ facts }: { facts: Fact[] }) {
  return (
    <dl className="nu-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value === "" || value == null ? "—" : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The facts that identify a customer: reference, name, masked phone and e-mail. */
export function identityFacts(lead: Lead, lang: Lang): Fact[] {
  return [
    [
      t(lang, "staff.lead.ref"),
      <span key="ref" className="nu-ref">
        {lead.id}
      </span>,
    ],
    [t(lang, "staff.lead.name"), customerName(lead)],
    [t(lang, "staff.lead.phone"), phoneText(lead)],
    [t(lang, "staff.lead.email"), lead.email ? <EmailText key="email" email={lead.email} /> : ""],
  ];
}

/** Each redemption kind with its status, and who redeemed it when. */
export function RedemptionList({
  lead,
  kinds,
  lang,
}: {
  lead: Lead;
  kinds: readonly RedemptionKind[];
  lang: Lang;
}) {
  return (
    <ul className="nu-redemptions">
      {kinds.map((kind) => {
        const done = redemptionOf(lead, kind);
        return (
          <li key={kind} className="nu-redemption" data-kind={kind} data-redeemed={done ? "true" : "false"}>
            <span className="nu-redemption-name">{t(lang, `staff.redemption.${kind}`)}</span>
            <span className={done ? "nu-badge nu-badge--done" : "nu-badge nu-badge--open"}>
              {t(lang, done ? "staff.redemption.done" : "staff.redemption.open")}
            </span>
            {done ? <span className="nu-redemption-detail">{redeemedByText(done, lang)}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** What went wrong loading the lead: a reference no customer has is named (as verification does). */
export function leadErrorText(state: Extract<LeadState, { status: "error" }>, lang: Lang): string {
  return state.notFound
    ? t(lang, "staff.lead.notFound", { ref: normaliseLeadRef(state.ref) })
    : state.message;
}

/** Loading / failed states of a lead, or null when it is ready (or not asked for). */
export function LeadStatus({
  state,
  settled = true,
  lang,
  onRetry,
  extra,
}: {
  state: LeadState;
  /** False while what the page shows beside a found lead is still on its way (useLeadDetails). */
  settled?: boolean;
  lang: Lang;
  onRetry: () => void;
  extra?: ReactNode;
}) {
  if (state.status === "loading" || (state.status === "ready" && !settled)) {
    return (
      <p className="nu-panel nu-muted" role="status">
        {t(lang, "staff.lead.loading")}
      </p>
    );
  }
  if (state.status === "error") {
    return (
      <div className="nu-panel">
        <ErrorMessage message={leadErrorText(state, lang)} />
        <div className="nu-actions">
          {state.notFound ? null : (
            <button type="button" className="nu-button" onClick={onRetry}>
              {t(lang, "common.retry")}
            </button>
          )}
          {extra}
        </div>
      </div>
    );
  }
  return null;
}
