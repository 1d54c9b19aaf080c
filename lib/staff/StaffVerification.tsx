import { type ChangeEvent, useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../api/errors.ts";
import { baseSheet } from "../ui/base.ts";
import { SubmitButton } from "../ui/form/SubmitButton.tsx";
import { useSubmit } from "../ui/form/useSubmit.ts";
import { useIds } from "../ui/ids.ts";
import { sheet, useStyles } from "../ui/styles.ts";
import { focusRing, space, token } from "../ui/theme.ts";
import { normaliseLang, useT } from "../ui/useT.ts";
import { ErrorMessage } from "../widgets/ErrorMessage.tsx";
import type { StaffEventDetails } from "./events.ts";
import { LeadRefForm } from "./LeadRefForm.tsx";
import { leadRefFrom } from "./leadRefInput.ts";
import { type CameraScan, cameraFailure, decodeQrFromFile, startCameraScan } from "./scanner.ts";
import { staffSheet } from "./styles.ts";
import { failureText, type StaffApiProps, useStaffApi } from "./useStaffApi.ts";

/** Props of `<nu-staff-verification>`: documented once, in lib/elements/staff.docs.ts. */
export interface StaffVerificationProps extends StaffApiProps {
  failedLead?: boolean;
  onNuStep?: (detail: StaffEventDetails["nu-step"]) => void;
  onNuError?: (detail: StaffEventDetails["nu-error"]) => void;
}

const verificationSheet = sheet(`
.nu-scan-actions { display: flex; flex-wrap: wrap; gap: ${space(1.5)}; }
.nu-scan-actions > * { flex: 1 1 12em; }
.nu-file { position: relative; }
.nu-file:focus-within { ${focusRing} }
.nu-camera {
  position: relative;
  width: 100%;
  max-width: 480px;
  margin: 0 auto;
  aspect-ratio: 1;
  border-radius: ${token("radius")};
  overflow: hidden;
  background: #000;
}
.nu-camera video { width: 100%; height: 100%; object-fit: cover; display: block; }
.nu-camera-frame {
  position: absolute;
  inset: 18%;
  border: 3px solid rgb(255 255 255 / 0.9);
  border-radius: ${token("radius")};
  box-shadow: 0 0 0 100vmax rgb(0 0 0 / 0.35);
  pointer-events: none;
}
.nu-status:empty { display: none; }
`);

type Camera = "off" | "starting" | "on";

/**
 * Finds the customer in front of the counter: scan the QR code from their member-redemption page
 * with the camera or from a photo, or type the lead reference. A found lead moves on to `result`.
 */
export function StaffVerification(props: StaffVerificationProps) {
  const ref = useRef<HTMLDivElement>(null);
  useStyles(ref, baseSheet, staffSheet, verificationSheet);
  const t = useT(props.lang);
  const { client, lang, emit, endedSession } = useStaffApi(ref, props);
  const ids = useIds("scan", "manual", "photo");
  const videoRef = useRef<HTMLVideoElement>(null);
  const manualRef = useRef<HTMLInputElement>(null);
  const scan = useRef<CameraScan | null>(null);

  const [camera, setCamera] = useState<Camera>("off");
  const [status, setStatus] = useState("");
  const [scanError, setScanError] = useState("");
  const [lookupError, setLookupError] = useState("");
  const { busy, run } = useSubmit({
    failureText: (error) => (endedSession(error) ? null : failureText(lang, error)),
    emitError: emit,
  });

  const stopCamera = useCallback(() => {
    scan.current?.stop();
    scan.current = null;
    setCamera("off");
  }, []);

  useEffect(() => () => scan.current?.stop(), []);

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

  const startCamera = async () => {
    const video = videoRef.current;
    if (!video || camera !== "off") return;
    setScanError("");
    setCamera("starting");
    try {
      scan.current = await startCameraScan(video, (text) => {
        scan.current = null;
        setCamera("off");
        onScanned(text);
      });
      setCamera("on");
    } catch (error) {
      setCamera("off");
      const failure = cameraFailure(error);
      setScanError(t(failure === "denied" ? "staff.verify.cameraDenied" : "staff.verify.cameraUnavailable"));
      manualRef.current?.focus();
    }
  };

  const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    stopCamera();
    setScanError("");
    setLookupError("");
    setStatus(t("staff.verify.reading"));
    let text: string | null = null;
    try {
      text = await decodeQrFromFile(file);
    } catch {
      text = null;
    }
    setStatus("");
    if (text) onScanned(text);
    else setScanError(t("staff.verify.noQrInPhoto"));
  };

  return (
    <div ref={ref} lang={normaliseLang(lang)} className="nu-root nu-staff">
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
        <div className="nu-camera" hidden={camera === "off"}>
          <video ref={videoRef} aria-label={t("staff.verify.cameraLabel")} muted playsInline />
          <span className="nu-camera-frame" aria-hidden="true" />
        </div>
        <div className="nu-scan-actions">
          {camera === "off" ? (
            <SubmitButton type="button" unavailable={busy} onPress={() => void startCamera()}>
              {t("staff.verify.startCamera")}
            </SubmitButton>
          ) : (
            <button type="button" className="nu-button" onClick={stopCamera}>
              {t("staff.verify.stopCamera")}
            </button>
          )}
          <label className="nu-button nu-button--secondary nu-file" htmlFor={ids.photo}>
            {t("staff.verify.photo")}
            <input
              id={ids.photo}
              className="nu-visually-hidden"
              type="file"
              name="qr-photo"
              accept="image/*"
              capture="environment"
              disabled={busy}
              onChange={onPhoto}
            />
          </label>
        </div>
        <p className="nu-status nu-muted" role="status" aria-live="polite">
          {camera === "on" ? t("staff.verify.scanning") : status}
        </p>
        <ErrorMessage message={scanError} />
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
