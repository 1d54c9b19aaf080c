import { type ReactNode, useEffect, useRef, useState } from "react";
import type { ApiClient } from "../api/index.ts";
import type { Lang } from "../core/i18n/index.ts";
import { t } from "../core/i18n/index.ts";
import type { Lead, RedemptionKind } from "../core/types.ts";
import { ErrorMessage } from "../ui/form/ErrorMessage.tsx";
import { SubmitButton } from "../ui/form/SubmitButton.tsx";
import { useIds } from "../ui/ids.ts";
import { useOwnProgress } from "../ui/useOwnProgress.ts";
import { ConfirmDialog } from "../widgets/ConfirmDialog.tsx";
import { HandOver, type HandOverFacts, handOverLine } from "./HandOver.tsx";
import { customerName, redeemedByText, redemptionOf } from "./leadView.ts";
import { useRedeem } from "./useRedeem.ts";

/**
 * One kind of redemption for one lead: its status, and — only while it is not redeemed — the
 * button that asks for confirmation and redeems. Already redeemed shows who and when, and nothing
 * to press.
 */
export function RedeemPanel(props: {
  lead: Lead;
  kind: RedemptionKind;
  lang: Lang;
  client: ApiClient;
  endedSession: (error: unknown) => boolean;
  /** Reload the lead (after the server says it is redeemed). */
  onRedeemed: () => void;
  /** Fields sent with the redemption (e.g. the nutritionist's name). */
  extra?: () => Record<string, unknown>;
  /** Inputs shown above the button while the kind is not redeemed. */
  children?: ReactNode;
  /** What is handed over, in large type beside the button and named in the confirm dialog. */
  handOver?: HandOverFacts | null;
  /** Shown once redeemed: the way on to the next customer. */
  next?: ReactNode;
}) {
  const { lead, kind, lang } = props;
  const ids = useIds("title");
  const [confirming, setConfirming] = useState(false);
  const { state, redeem, retry, busy } = useRedeem({
    client: props.client,
    lang,
    endedSession: props.endedSession,
    onRedeemed: props.onRedeemed,
  });
  useOwnProgress(busy);
  const done = redemptionOf(lead, kind);
  // The panel's title names the kind; sentences name it as an object ("Redeem the member gift").
  const title = t(lang, `staff.redemption.${kind}`);
  const item = t(lang, `staff.redeem.item.${kind}`);
  // The request may have reached the server although its answer did not: not "not redeemed".
  const unsure = !done && state.phase === "failed" && state.retryable;
  const status = done
    ? "staff.redemption.done"
    : unsure
      ? "staff.redemption.unsure"
      : "staff.redemption.open";

  // Redeemed, the button goes away: the focus goes to the message that replaces it, not to <body>.
  const outcome = useRef<HTMLParagraphElement>(null);
  const answered = done && (state.phase === "done" || state.phase === "already") ? state.phase : null;
  useEffect(() => {
    if (answered) outcome.current?.focus();
  }, [answered]);

  return (
    <section
      className="nu-panel"
      aria-labelledby={ids.title}
      data-kind={kind}
      data-redeemed={done ? "true" : "false"}
    >
      <h2 className="nu-panel-title" id={ids.title}>
        {title}
      </h2>
      <div className="nu-redemption" data-redeemed={done ? "true" : "false"}>
        <span className="nu-redemption-name">{t(lang, "staff.redeem.status")}</span>
        <span className={done ? "nu-badge nu-badge--done" : "nu-badge nu-badge--open"}>
          {t(lang, status)}
        </span>
        {done ? <span className="nu-redemption-detail">{redeemedByText(done, lang)}</span> : null}
      </div>

      <div role="status" aria-live="polite">
        {(state.phase === "done" || (state.phase === "already" && state.ours)) && done ? (
          <p className="nu-success" ref={outcome} tabIndex={-1}>
            {t(lang, "staff.redeem.success", { detail: redeemedByText(done, lang) })}
          </p>
        ) : null}
      </div>
      <div role="alert">
        {state.phase === "already" && !state.ours && done ? (
          <p className="nu-warning" ref={outcome} tabIndex={-1}>
            <span className="nu-warning-mark" aria-hidden="true">
              !
            </span>
            <span>{t(lang, "staff.redeem.already", { detail: redeemedByText(done, lang) })}</span>
          </p>
        ) : null}
      </div>

      {done ? null : (
        <>
          <p className="nu-muted">{t(lang, "staff.redeem.once")}</p>
          {props.children}
          {props.handOver ? <HandOver facts={props.handOver} lang={lang} /> : null}
          {state.phase === "failed" ? <ErrorMessage message={state.message} /> : <ErrorMessage />}
          <div className="nu-actions">
            {state.phase === "failed" && state.retryable ? (
              <SubmitButton type="button" busy={busy} onPress={() => void retry()}>
                {t(lang, "staff.redeem.retry")}
              </SubmitButton>
            ) : (
              <SubmitButton
                type="button"
                busy={busy}
                busyLabel={t(lang, "staff.redeem.redeeming")}
                unavailable={state.phase === "already" || state.phase === "done"}
                onPress={() => setConfirming(true)}
              >
                {t(lang, "staff.redeem.button", { item })}
              </SubmitButton>
            )}
          </div>
        </>
      )}
      {done && props.next ? <div className="nu-actions">{props.next}</div> : null}

      <ConfirmDialog
        open={confirming}
        lang={lang}
        theme="yellow"
        title={t(lang, "staff.redeem.confirmTitle")}
        message={[
          props.handOver ? handOverLine(props.handOver, lang) : "",
          t(lang, "staff.redeem.confirmMessage", { name: customerName(lead), ref: lead.id, item }),
        ]
          .filter(Boolean)
          .join("\n")}
        confirmLabel={t(lang, "staff.redeem.confirm")}
        cancelLabel={t(lang, "common.cancel")}
        onNuConfirm={() => {
          setConfirming(false);
          void redeem(lead.id, kind, props.extra?.() ?? {});
        }}
        onNuCancel={() => setConfirming(false)}
      />
    </section>
  );
}
