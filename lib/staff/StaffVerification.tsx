import { useCallback, useRef, useState } from "react";
import { ApiError } from "../api/errors.ts";
import { baseSheet } from "../ui/base.ts";
import { useSubmit } from "../ui/form/useSubmit.ts";
import { useIds } from "../ui/ids.ts";
import { useStyles } from "../ui/styles.ts";
import { normaliseLang, useT } from "../ui/useT.ts";
import type { StaffEventDetails } from "./events.ts";
import { JUST_SERVED_MS, servedJustNow } from "./justServed.ts";
import { LeadRefForm } from "./LeadRefForm.tsx";
import { leadRefFrom } from "./leadRefInput.ts";
import { QrScan } from "./QrScan.tsx";
import { staffSheet } from "./styles.ts";
import { failureText, type StaffApiProps, useStaffApi } from "./useStaffApi.ts";

/** Props of `<nu-staff-verification>`: documented once, in lib/elements/staff.docs.ts. */
export interface StaffVerificationProps extends StaffApiProps {
  failedLead?: boolean;
  onNuStep?: (detail: StaffEventDetails["nu-step"]) => void;
  onNuError?: (detail: StaffEventDetails["nu-error"]) => void;
}

/**
 * Finds the customer in front of the counter: scan the QR code from their member-redemption page
 * with the camera or from a photo, or type the lead reference. A found lead moves on to `result`.
 */
export function StaffVerification(props: StaffVerificationProps) {
  const ref = useRef<HTMLDivElement>(null);
  const styles = useStyles(ref, baseSheet, staffSheet);
  const t = useT(props.lang);
  const { client, lang, emit, endedSession } = useStaffApi(ref, props);
  const ids = useIds("scan", "manual");
  const manualRef = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState("");
  const [scanError, setScanError] = useState("");
  const [lookupError, setLookupError] = useState("");
  // The customer just served, whose code the camera is passing over (justServed.ts).
  const [passedOver, setPassedOver] = useState("");
  const { busy, run } = useSubmit({
    failureText: (error) => (endedSession(error) ? null : failureText(lang, error)),
    emitError: emit,
  });

  const find = useCallback(
    async (leadRef: string, source: "scan" | "manual") => {
      setLookupError("");
      setScanError("");
      setStatus(t("staff.lead.finding"));
      const result = await run(() => client.getLead(leadRef), {
        failureText: (error) =>
          endedSession(error)
            ? null
            : error instanceof ApiError && error.code === "NOT_FOUND"
              ? t("staff.lead.notFound", { ref: leadRef })
              : failureText(lang, error),
        onFailure: (message) => (source === "scan" ? setScanError : setLookupError)(message),
      });
      setStatus("");
      if (result.status === "done") emit("nu-step", { step: "result", params: { id: result.value.id } });
    },
    [client, emit, endedSession, lang, t, run],
  );

  const onScanned = useCallback(
    (text: string) => {
      const leadRef = leadRefFrom(text);
      if (!leadRef) {
        setScanError(t("staff.verify.notLeadQr"));
        return;
      }
      setScanError("");
      void find(leadRef, "scan");
    },
    [find, t],
  );

  const skip = useCallback((text: string) => {
    const leadRef = leadRefFrom(text);
    if (!leadRef || !servedJustNow(leadRef)) return false;
    setPassedOver(leadRef);
    return true;
  }, []);

  return (
    <div ref={ref} lang={normaliseLang(lang)} className="nu-root nu-staff">
      {styles}
      {props.failedLead ? (
        <p className="nu-notice" role="status">
          {t("staff.verify.again")}
        </p>
      ) : null}
      <section className="nu-panel" aria-labelledby={ids.scan}>
        <h2 className="nu-panel-title" id={ids.scan}>
          {t("staff.verify.scanTitle")}
        </h2>
        <p className="nu-panel-intro">{t("staff.verify.scanIntro")}</p>
        <div role="status" aria-live="polite">
          {passedOver ? (
            <p className="nu-notice">
              {t("staff.verify.justServed", { ref: passedOver, seconds: JUST_SERVED_MS / 1000 })}
            </p>
          ) : null}
        </div>
        <QrScan
          lang={lang}
          onText={onScanned}
          skip={skip}
          busy={busy}
          status={status}
          error={scanError}
          remember
          onCameraFailed={() => manualRef.current?.focus()}
        />
      </section>
      <section className="nu-panel" aria-labelledby={ids.manual}>
        <h2 className="nu-panel-title" id={ids.manual}>
          {t("staff.verify.manualTitle")}
        </h2>
        <LeadRefForm
          lang={lang}
          busy={busy}
          error={lookupError}
          onFind={(leadRef) => void find(leadRef, "manual")}
          inputRef={manualRef}
          titleId={ids.manual}
        />
      </section>
    </div>
  );
}
