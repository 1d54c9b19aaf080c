import { type ChangeEvent, useCallback, useEffect, useRef, useState } from "react";
import type { Lang } from "../core/i18n/index.ts";
import { t } from "../core/i18n/index.ts";
import { ErrorMessage } from "../ui/form/ErrorMessage.tsx";
import { SubmitButton } from "../ui/form/SubmitButton.tsx";
import { useIds } from "../ui/ids.ts";
import { sheet, useStyles } from "../ui/styles.ts";
import { focusRing, space, token } from "../ui/theme.ts";
import { type CameraScan, cameraFailure, decodeQrFromFile, startCameraScan } from "./scanner.ts";
import { cameraWanted, wantCamera } from "./useStaffApi.ts";

const scanSheet = sheet(`
.nu-scan { display: flex; flex-direction: column; gap: ${space(1.5)}; }
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
.nu-scan--compact .nu-camera { max-width: 320px; }
.nu-camera video { width: 100%; height: 100%; object-fit: cover; display: block; }
.nu-camera-frame {
  position: absolute;
  inset: 18%;
  border: 3px solid rgb(255 255 255 / 0.9);
  border-radius: ${token("radius")};
  box-shadow: 0 0 0 100vmax rgb(0 0 0 / 0.35);
  pointer-events: none;
}
`);

type Camera = "off" | "starting" | "on";

/**
 * Reads a QR code with the back camera or from a photo (the same decoder, scanner.ts) and hands
 * its text to `onText`. With `remember`, the camera state is this tab's choice (useStaffApi.ts):
 * it opens by itself when the last customer was found with it, and stays off once stopped.
 */
export function QrScan(props: {
  lang: Lang;
  onText: (text: string) => void;
  /** A code the camera passes over (true) and goes on scanning; photos are always read. */
  skip?: (text: string) => boolean;
  /** A look-up is running: no new scan starts. */
  busy?: boolean;
  /** The caller's own progress ("finding…"), shown while the camera is off. */
  status?: string;
  /** The caller's own error about what was scanned. */
  error?: string;
  remember?: boolean;
  /** The camera could not start (refused, missing): e.g. focus the typed field. */
  onCameraFailed?: () => void;
  compact?: boolean;
  /** Labels of the two ways, when the page names what is scanned. */
  startLabel?: string;
  photoLabel?: string;
}) {
  const { lang, remember } = props;
  const ref = useRef<HTMLDivElement>(null);
  const styles = useStyles(ref, scanSheet);
  const ids = useIds("photo");
  const videoRef = useRef<HTMLVideoElement>(null);
  const scan = useRef<CameraScan | null>(null);
  const [camera, setCamera] = useState<Camera>("off");
  const [reading, setReading] = useState(false);
  const [scanError, setScanError] = useState("");
  const onText = useRef(props.onText);
  onText.current = props.onText;
  const skip = useRef(props.skip);
  skip.current = props.skip;
  const onFailed = useRef(props.onCameraFailed);
  onFailed.current = props.onCameraFailed;

  const stopCamera = useCallback(() => {
    scan.current?.stop();
    scan.current = null;
    setCamera("off");
  }, []);

  const starting = useRef(false);
  const mounted = useRef(true);
  const startCamera = useCallback(async () => {
    const video = videoRef.current;
    if (!video || scan.current || starting.current) return;
    starting.current = true;
    setScanError("");
    setCamera("starting");
    try {
      const started = await startCameraScan(
        video,
        (text) => {
          scan.current = null;
          setCamera("off");
          onText.current(text);
        },
        (text) => skip.current?.(text) ?? false,
      );
      // The page was left while the camera started: it must not stay on.
      if (!mounted.current) return started.stop();
      scan.current = started;
      setCamera("on");
      if (remember) wantCamera(true);
    } catch (error) {
      setCamera("off");
      if (remember) wantCamera(false);
      setScanError(
        t(
          lang,
          cameraFailure(error) === "denied" ? "staff.verify.cameraDenied" : "staff.verify.cameraUnavailable",
        ),
      );
      onFailed.current?.();
    } finally {
      starting.current = false;
    }
  }, [lang, remember]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the page opens.
  useEffect(() => {
    mounted.current = true;
    if (remember && cameraWanted()) void startCamera();
    return () => {
      mounted.current = false;
      scan.current?.stop();
    };
  }, []);

  const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    stopCamera();
    setScanError("");
    setReading(true);
    let text: string | null = null;
    try {
      text = await decodeQrFromFile(file);
    } catch {
      text = null;
    }
    setReading(false);
    if (text) onText.current(text);
    else setScanError(t(lang, "staff.verify.noQrInPhoto"));
  };

  const status =
    camera === "on"
      ? t(lang, "staff.verify.scanning")
      : reading
        ? t(lang, "staff.verify.reading")
        : props.status;
  return (
    <div ref={ref} className={props.compact ? "nu-scan nu-scan--compact" : "nu-scan"}>
      {styles}
      <div className="nu-camera" hidden={camera === "off"}>
        <video ref={videoRef} aria-label={t(lang, "staff.verify.cameraLabel")} muted playsInline />
        <span className="nu-camera-frame" aria-hidden="true" />
      </div>
      <div className="nu-scan-actions">
        {camera === "off" ? (
          <SubmitButton
            type="button"
            secondary={props.compact}
            unavailable={props.busy}
            onPress={() => void startCamera()}
          >
            {props.startLabel ?? t(lang, "staff.verify.startCamera")}
          </SubmitButton>
        ) : (
          <button
            type="button"
            className="nu-button"
            onClick={() => {
              if (remember) wantCamera(false);
              stopCamera();
            }}
          >
            {t(lang, "staff.verify.stopCamera")}
          </button>
        )}
        <label className="nu-button nu-button--secondary nu-file" htmlFor={ids.photo}>
          {props.photoLabel ?? t(lang, "staff.verify.photo")}
          <input
            id={ids.photo}
            className="nu-visually-hidden"
            type="file"
            name="qr-photo"
            accept="image/*"
            capture="environment"
            disabled={props.busy}
            onChange={onPhoto}
          />
        </label>
      </div>
      <p className="nu-status nu-muted" role="status" aria-live="polite">
        {status}
      </p>
      <ErrorMessage message={scanError || props.error} />
    </div>
  );
}
