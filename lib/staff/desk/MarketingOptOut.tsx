import { useState } from "react";
import { ErrorMessage } from "../../ui/form/ErrorMessage.tsx";
import { ConfirmStep } from "./ConfirmStep.tsx";
import type { DeskApi, DeskLeadDetail } from "./deskApi.ts";
import type { DeskContext } from "./deskParts.tsx";

/**
 * An admin withdraws the marketing consent for a customer who asked by phone or at a counter
 * (`POST /api/admin/leads/:id/marketing {given:false}`: the ledger records the channel `admin`).
 */
export function MarketingOptOut(props: {
  ctx: DeskContext;
  api: DeskApi;
  card: DeskLeadDetail;
  onDone: () => void;
}) {
  const { ctx, card } = props;
  const { t } = ctx;
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState("");
  const [failure, setFailure] = useState("");
  const withdraw = async () => {
    if (busy) return;
    setBusy(true);
    setFailure("");
    try {
      await props.api.withdrawMarketing(card.lead.id);
      setAsking(false);
      setDone(t("desk.optout.done"));
      props.onDone();
    } catch (error) {
      setFailure(ctx.failure(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="nu-panel" aria-labelledby="desk-optout">
      <h2 className="nu-panel-title" id="desk-optout">
        {t("desk.optout.title")}
      </h2>
      <p className="nu-muted">{t("desk.optout.intro")}</p>
      <p className="nu-status nu-notice" role="status">
        {done}
      </p>
      {!card.marketing ? (
        <p>{t("desk.optout.none")}</p>
      ) : asking ? (
        <ConfirmStep
          ctx={ctx}
          id="desk-optout-ask"
          question={t("desk.optout.ask")}
          confirm={t("desk.optout.confirm")}
          busy={busy}
          onConfirm={() => void withdraw()}
          onCancel={() => setAsking(false)}
        />
      ) : (
        <div className="nu-actions">
          <button type="button" className="nu-button nu-button--secondary" onClick={() => setAsking(true)}>
            {t("desk.optout.button")}
          </button>
        </div>
      )}
      <ErrorMessage message={failure} />
    </section>
  );
}
