import { useStore } from "@nanostores/react";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { errorText } from "../../api/errorText.ts";
import { shownKinds } from "../../core/benefits.ts";
import { hkToday, lastRedemptionDay, sentenceDate } from "../../core/dates.ts";
import { nameIn } from "../../core/personName.ts";
import type { Clinic, Lead, Product, RedemptionKind, RedemptionOffer } from "../../core/types.ts";
import { ErrorMessage } from "../../ui/form/ErrorMessage.tsx";
import { QrImage, SaveQrLink } from "../../ui/form/QrImage.tsx";
import { useIds } from "../../ui/ids.ts";
import { apiErrorCode } from "./customerSignIn.ts";
import { useFlow } from "./FlowContext.tsx";
import { flowSession } from "./flowSession.ts";
import { laterStepSheet } from "./laterStyles.ts";
import { StepLayout } from "./StepLayout.tsx";

export interface MemberQrProps {
  step: string;
  /** The lead to show; absent when this browser never saw the lead created. */
  leadId: string | undefined;
  /** More under the next steps (the recruitment form's hand-over to nuForm's product step). */
  extra?: (lead: Lead | null) => ReactNode;
  onRestart: () => void;
}

type Named = { name_zh: string; name_en: string };

/** What the completion page shows besides the lead: the offer, and the names of product and clinic. */
function useCompletionDetails(lead: Lead | null) {
  const { api, lang } = useFlow();
  const flow = useLeadFlow(lead);
  const [offer, setOffer] = useState<RedemptionOffer | null | undefined>(undefined);
  const [product, setProduct] = useState<Product | null>(null);
  const [clinic, setClinic] = useState<Clinic | null>(null);
  const productId = lead?.product_id ?? null;
  const clinicId = lead?.clinic_id ?? null;
  useEffect(() => {
    let current = true;
    api.redemptionOffer(flow, lang).then(
      (found) => current && setOffer(found),
      () => current && setOffer(null),
    );
    return () => {
      current = false;
    };
  }, [api, flow, lang]);
  useEffect(() => {
    let current = true;
    if (productId)
      api.products().then(
        (list) => current && setProduct(list.find((p) => p.id === productId) ?? null),
        () => undefined,
      );
    if (clinicId)
      api.clinics().then(
        (list) => current && setClinic(list.find((c) => c.id === clinicId) ?? null),
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [api, productId, clinicId]);
  return { offer, product, clinic };
}

/**
 * The flow the lead was registered in, which decides what it is redeemed for: after the
 * recruitment form's hand-over to nuForm's product step, nuForm's pages show the recruitment lead
 * (the page's own flow until the lead has loaded).
 */
function useLeadFlow(lead: Lead | null) {
  const { flow } = useFlow();
  return lead?.flow ?? flow;
}

/**
 * The end of the journey (登記成功): what the customer registered for, the QR code staff scan (it
 * holds the plain lead reference) with the reference in large type for when scanning fails, a
 * PNG of it to keep, what to do next (what it is redeemed for, until when, where — the operator's
 * offer) and which redemptions are done. No step counter: nothing follows.
 */
export function MemberQr({ step: _step, leadId, extra, onRestart }: MemberQrProps) {
  const { api, t, lang, flow: pageFlow } = useFlow();
  const session = useStore(flowSession(pageFlow));
  // Registered in this sign-in (leadSubmit's leadCreated; a new sign-in forgets it), or returning.
  const justRegistered = session.justRegistered === "true";
  const ids = useIds("heading", "ref", "summary", "next", "status");
  const [lead, setLead] = useState<Lead | null>(null);
  const [failure, setFailure] = useState("");
  const [signedOut, setSignedOut] = useState(false);
  const { offer, product, clinic } = useCompletionDetails(lead);
  const flow = useLeadFlow(lead);
  const named = (item: Named | null) => (item ? nameIn(lang, item.name_zh, item.name_en) : "");

  const load = useCallback(async () => {
    if (!leadId) return;
    setFailure("");
    try {
      setLead(await api.getLead(leadId));
      setSignedOut(false);
    } catch (error) {
      setFailure(errorText(lang, error));
      // The code stays valid for staff; only the status needs a fresh sign-in.
      setSignedOut(["UNAUTHENTICATED", "TOKEN_EXPIRED", "SESSION_ENDED"].includes(apiErrorCode(error)));
    }
  }, [api, lang, leadId]);

  useEffect(() => {
    void load();
  }, [load]);

  if (!leadId) {
    return (
      <StepLayout sheet={laterStepSheet} headingId={ids.heading} title={t("flows.member.title")}>
        <p className="nu-notice">{t("flows.member.noLead")}</p>
        <div className="nu-actions">
          <button type="button" className="nu-button" onClick={onRestart}>
            {t("flows.member.signInAgain")}
          </button>
        </div>
      </StepLayout>
    );
  }

  const redeemed = (kind: RedemptionKind) => lead?.redemptions?.find((r) => r.kind === kind);
  const kinds = shownKinds({ flow, redemptions: lead?.redemptions ?? [] });
  const summary: [string, string][] = [[t("flows.done.membership"), t(`flows.done.membership.${flow}`)]];
  if (flow === "nuform" || lead?.product_id)
    summary.push([
      t("flows.done.product"),
      lead?.product_id ? named(product) || "…" : t("flows.done.noProduct"),
    ]);
  if (lead?.clinic_id) summary.push([t("flows.done.clinic"), named(clinic) || "…"]);

  return (
    <StepLayout
      sheet={laterStepSheet}
      headingId={ids.heading}
      title={t(justRegistered ? "flows.done.title" : "flows.done.returningTitle")}
      intro={t(justRegistered ? "flows.done.intro" : "flows.done.returningIntro")}
    >
      {justRegistered && session.email ? (
        <p className="nu-notice" data-testid="confirmation-mailed">
          {t("flows.done.mailed", { email: session.email })}
        </p>
      ) : null}
      <section className="nu-fieldset" aria-labelledby={ids.summary}>
        <h3 id={ids.summary} className="nu-fieldset-title">
          {t("flows.done.summaryHeading")}
        </h3>
        <dl className="nu-summary" data-testid="registration-summary">
          {summary.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="nu-qr">
        <QrImage text={leadId} alt={t("flows.member.qrAlt", { ref: leadId })} />
        <p>
          <span id={ids.ref} className="nu-hint">
            {t("flows.member.reference")}
          </span>
          <br />
          <span className="nu-ref" aria-describedby={ids.ref} data-testid="lead-ref">
            {leadId}
          </span>
        </p>
        <SaveQrLink
          text={leadId}
          caption={t("flows.done.imageCaption", { ref: leadId })}
          fileName={`${leadId}.png`}
          label={t("flows.done.save")}
        />
        <p className="nu-hint">{t("flows.done.saveHint")}</p>
      </div>
      <section className="nu-fieldset" aria-labelledby={ids.next} part="next-steps">
        <h3 id={ids.next} className="nu-fieldset-title">
          {t("flows.done.nextHeading")}
        </h3>
        <p>{t("flows.done.showAtCounter")}</p>
        {offer ? (
          <dl className="nu-summary" data-testid="redemption-offer">
            <div>
              <dt>{t("flows.done.gift")}</dt>
              <dd>{offer.gift}</dd>
            </div>
            <div>
              <dt>{t("flows.done.until")}</dt>
              <dd>
                {lead
                  ? t("flows.done.untilDate", {
                      date: sentenceDate(lastRedemptionDay(lead.created_at, offer.valid_days), lang),
                    })
                  : "…"}
              </dd>
            </div>
            <div>
              <dt>{t("flows.done.where")}</dt>
              <dd>{offer.places}</dd>
            </div>
          </dl>
        ) : offer === null ? (
          <p>{t("flows.done.offerUnavailable")}</p>
        ) : null}
        {extra?.(lead)}
      </section>
      <section className="nu-fieldset" aria-labelledby={ids.status}>
        <h3 id={ids.status} className="nu-fieldset-title">
          {t("flows.member.statusHeading")}
        </h3>
        <ul className="nu-status-list">
          {kinds.map((kind) => {
            const done = redeemed(kind);
            return (
              <li key={kind}>
                <span>
                  {t(kind === "member" ? "flows.member.kind.member" : "flows.member.kind.nutritionist")}
                </span>
                <span className={done ? "nu-status-done" : undefined}>
                  {done
                    ? t("flows.member.redeemedOn", {
                        date: sentenceDate(hkToday(Date.parse(done.redeemed_at)), lang),
                      })
                    : lead
                      ? t("flows.member.notRedeemed")
                      : "—"}
                </span>
              </li>
            );
          })}
        </ul>
        <ErrorMessage lang={lang} message={failure} />
        <div className="nu-actions">
          <button type="button" className="nu-button nu-button--secondary" onClick={() => void load()}>
            {t("flows.member.refresh")}
          </button>
          {signedOut ? (
            <button type="button" className="nu-button nu-button--secondary" onClick={onRestart}>
              {t("flows.member.signInAgain")}
            </button>
          ) : null}
        </div>
        <p>
          <button type="button" className="nu-link-button" onClick={onRestart}>
            {t("flows.member.backToStart")}
          </button>
        </p>
      </section>
    </StepLayout>
  );
}
