import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../api/errors.ts";
import { offers } from "../core/benefits.ts";
import { baseSheet } from "../ui/base.ts";
import { TextField } from "../ui/form/TextField.tsx";
import { useIds } from "../ui/ids.ts";
import { useStyles } from "../ui/styles.ts";
import { normaliseLang, useT } from "../ui/useT.ts";
import type { StaffEventDetails } from "./events.ts";
import { dropKeptInput, keepInput, takeKeptInput } from "./keptInput.ts";
import { Facts, identityFacts, LeadStatus, leadErrorText } from "./LeadParts.tsx";
import { LeadRefForm } from "./LeadRefForm.tsx";
import { leadRefFrom } from "./leadRefInput.ts";
import { redemptionOf } from "./leadView.ts";
import { QrScan } from "./QrScan.tsx";
import { RedeemPanel } from "./RedeemPanel.tsx";
import { remember, remembered } from "./remembered.ts";
import { staffSheet } from "./styles.ts";
import { failureText, type StaffApiProps, useLead, useStaffApi } from "./useStaffApi.ts";

/** Props of `<nu-nutritionist-redeem>`: documented once, in lib/elements/staff.docs.ts. */
export interface NutritionistRedeemProps extends StaffApiProps {
  leadId?: string;
  onNuStep?: (detail: StaffEventDetails["nu-step"]) => void;
  onNuError?: (detail: StaffEventDetails["nu-error"]) => void;
}

const NOTES_MAX = 100;
/** The form's name for what it keeps across a sign-in (keptInput.ts). */
const KEPT_FORM = "nutritionist";

/**
 * The nutritionist redemption: its own record (kind `nutritionist`), separate from the member
 * redemption. It needs the lead: from `lead-id`, or typed here.
 */
export function NutritionistRedeem(props: NutritionistRedeemProps) {
  const ref = useRef<HTMLDivElement>(null);
  const styles = useStyles(ref, baseSheet, staffSheet);
  const t = useT(props.lang);
  const { client, lang, emit, endedSession } = useStaffApi(ref, props);
  const leadId = props.leadId?.trim() || undefined;
  const { state, reload } = useLead(leadId, client, lang, endedSession);
  const ids = useIds("find", "customer");
  // What a 401 kept comes first; else the name this staff member last used on this device.
  const [notes, setNotes] = useState(
    () => takeKeptInput(KEPT_FORM)?.nutritionist ?? remembered("nutritionist"),
  );
  const [scanError, setScanError] = useState("");
  const [finding, setFinding] = useState(false);
  const [findError, setFindError] = useState("");
  const findInput = useRef<HTMLInputElement>(null);
  // A reference in the address that names no customer: the find form, with it, to correct it.
  const unknownRef = state.status === "error" && state.notFound ? leadErrorText(state, lang) : "";
  useEffect(() => {
    if (unknownRef) findInput.current?.focus();
  }, [unknownRef]);

  const find = useCallback(
    async (leadRef: string, source: "scan" | "manual" = "manual") => {
      setFinding(true);
      setFindError("");
      setScanError("");
      const showError = source === "scan" ? setScanError : setFindError;
      try {
        const lead = await client.getLead(leadRef);
        emit("nu-step", { step: "nutritionist_redeem", params: { id: lead.id } });
      } catch (error) {
        if (endedSession(error)) return;
        showError(
          error instanceof ApiError && error.code === "NOT_FOUND"
            ? t("staff.lead.notFound", { ref: leadRef })
            : failureText(lang, error),
        );
      } finally {
        setFinding(false);
      }
    },
    [client, emit, endedSession, lang, t],
  );

  const another = (
    <button
      type="button"
      className="nu-button nu-button--secondary"
      onClick={() => emit("nu-step", { step: "nutritionist_redeem" })}
    >
      {t("staff.nutritionist.another")}
    </button>
  );

  if (!leadId || unknownRef) {
    return (
      <div ref={ref} lang={normaliseLang(lang)} className="nu-root nu-staff">
        {styles}
        <section className="nu-panel" aria-labelledby={ids.find}>
          <h2 className="nu-panel-title" id={ids.find}>
            {t("staff.nutritionist.findTitle")}
          </h2>
          <p className="nu-panel-intro">{t("staff.nutritionist.findIntro")}</p>
          <QrScan
            lang={lang}
            busy={finding}
            status={finding ? t("staff.lead.finding") : ""}
            error={scanError}
            onText={(text) => {
              const leadRef = leadRefFrom(text);
              if (leadRef) void find(leadRef, "scan");
              else setScanError(t("staff.verify.notLeadQr"));
            }}
            remember
            onCameraFailed={() => findInput.current?.focus()}
          />
          <LeadRefForm
            lang={lang}
            busy={finding}
            error={findError || unknownRef}
            initial={leadId}
            inputRef={findInput}
            onFind={(r) => void find(r)}
            titleId={ids.find}
          />
        </section>
      </div>
    );
  }

  const lead = state.status === "ready" ? state.lead : null;
  return (
    <div ref={ref} lang={normaliseLang(lang)} className="nu-root nu-staff">
      {styles}
      <LeadStatus state={state} lang={lang} onRetry={reload} extra={another} />
      {lead ? (
        <>
          <section className="nu-panel" aria-labelledby={ids.customer}>
            <h2 className="nu-panel-title" id={ids.customer}>
              {t("staff.redeem.customer")}
            </h2>
            <Facts facts={identityFacts(lead, lang)} />
          </section>
          {/* A benefit of the recruitment form only: a nuForm customer was never offered it. */}
          {!offers(lead.flow, "nutritionist") && !redemptionOf(lead, "nutritionist") ? (
            <p className="nu-panel nu-notice" role="status">
              {t("staff.nutritionist.notOffered")}
            </p>
          ) : (
            <RedeemPanel
              lead={lead}
              kind="nutritionist"
              lang={lang}
              client={client}
              endedSession={(error) =>
                endedSession(error, () => keepInput(KEPT_FORM, { nutritionist: notes }))
              }
              onRedeemed={() => {
                dropKeptInput();
                remember("nutritionist", notes.trim());
                reload();
              }}
              extra={() => (notes.trim() ? { note: notes.trim() } : {})}
            >
              <TextField
                label={t("staff.nutritionist.notes")}
                hint={t("staff.nutritionist.notesHint")}
                name="nutritionist"
                value={notes}
                onChange={(value) => setNotes(value.slice(0, NOTES_MAX))}
                maxLength={NOTES_MAX}
                autoComplete="off"
              />
            </RedeemPanel>
          )}
          <div className="nu-actions">
            <button
              type="button"
              className="nu-button nu-button--secondary"
              onClick={() => emit("nu-step", { step: "result", params: { id: lead.id } })}
            >
              {t("staff.redeem.backToResult")}
            </button>
            {another}
          </div>
        </>
      ) : null}
    </div>
  );
}
