import { type ReactNode, useCallback, useEffect, useState } from "react";
import { displayDate, hkToday } from "../../core/dates.ts";
import type { Lead, RedemptionKind } from "../../core/types.ts";
import { useIds } from "../../ui/ids.ts";
import { ErrorMessage } from "../../widgets/ErrorMessage.tsx";
import { apiErrorCode, apiErrorText } from "./customerSession.ts";
import { useFlow } from "./FlowContext.tsx";
import { QrImage } from "./QrImage.tsx";
import { StepLayout } from "./StepLayout.tsx";

const KINDS: readonly RedemptionKind[] = ["member", "nutritionist"];

export interface MemberQrProps {
  step: string;
  /** The lead to show; absent when this browser never saw the lead created. */
  leadId: string | undefined;
  /** Extra actions under the code (the recruitment form's hand-over to nuForm). */
  actions?: (lead: Lead | null) => ReactNode;
  onRestart: () => void;
}

/**
 * Member redemption: the QR code staff scan (it holds the plain lead reference), the reference in
 * large type for when scanning fails, and which redemptions are done.
 */
export function MemberQr({ step, leadId, actions, onRestart }: MemberQrProps) {
  const { api, t, lang, progress } = useFlow();
  const ids = useIds("heading", "ref");
  const [lead, setLead] = useState<Lead | null>(null);
  const [failure, setFailure] = useState("");
  const [signedOut, setSignedOut] = useState(false);

  const load = useCallback(async () => {
    if (!leadId) return;
    setFailure("");
    try {
      setLead(await api.getLead(leadId));
      setSignedOut(false);
    } catch (error) {
      setFailure(apiErrorText(error, lang));
      // The code stays valid for staff; only the status needs a fresh sign-in.
      setSignedOut(["UNAUTHENTICATED", "TOKEN_EXPIRED", "SESSION_ENDED"].includes(apiErrorCode(error)));
    }
  }, [api, lang, leadId]);

  useEffect(() => {
    void load();
  }, [load]);

  if (!leadId) {
    return (
      <StepLayout headingId={ids.heading} title={t("flows.member.title")} progress={progress(step)}>
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
  return (
    <StepLayout
      headingId={ids.heading}
      title={t("flows.member.title")}
      progress={progress(step)}
      intro={t("flows.member.intro")}
    >
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
      </div>
      <section className="nu-fieldset" aria-labelledby={`${ids.heading}-status`}>
        <h3 id={`${ids.heading}-status`} className="nu-fieldset-title">
          {t("flows.member.statusHeading")}
        </h3>
        <ul className="nu-status-list">
          {KINDS.map((kind) => {
            const done = redeemed(kind);
            return (
              <li key={kind}>
                <span>
                  {t(kind === "member" ? "flows.member.kind.member" : "flows.member.kind.nutritionist")}
                </span>
                <span className={done ? "nu-status-done" : undefined}>
                  {done
                    ? t("flows.member.redeemedOn", {
                        date: displayDate(hkToday(Date.parse(done.redeemed_at))),
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
          {actions?.(lead)}
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
