/**
 * QR decoding for the verification page: the browser's BarcodeDetector where it exists (Android,
 * ChromeOS, macOS), otherwise jsQR — pure JavaScript, bundled as a chunk of the element bundle, so
 * scanning works without any outside service. The same decoder reads camera frames and uploaded
 * photos.
 */

interface DetectedBarcode {
  rawValue: string;
}

interface BarcodeDetectorInstance {
  detect(source: ImageBitmapSource): Promise<DetectedBarcode[]>;
}

interface BarcodeDetectorClass {
  new (options?: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats?(): Promise<string[]>;
}

type JsQr = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;

let nativeDetector: Promise<BarcodeDetectorInstance | null> | null = null;
let jsQr: Promise<JsQr> | null = null;

function getNativeDetector(): Promise<BarcodeDetectorInstance | null> {
  nativeDetector ??= (async () => {
    const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
    if (!Detector) return null;
    try {
      const formats = (await Detector.getSupportedFormats?.()) ?? ["qr_code"];
      return formats.includes("qr_code") ? new Detector({ formats: ["qr_code"] }) : null;
    } catch {
      return null;
    }
  })();
  return nativeDetector;
}

function getJsQr(): Promise<JsQr> {
  jsQr ??= import("jsqr").then((module) => {
    const candidate = module.default as unknown as JsQr | { default: JsQr };
    return typeof candidate === "function" ? candidate : candidate.default;
  });
  return jsQr;
}

/** The text of the first QR code in `image`, or null when there is none. */
export async function decodeQr(image: ImageData): Promise<string | null> {
  const detector = await getNativeDetector();
  if (detector) {
    try {
      const [first] = await detector.detect(image);
      if (first?.rawValue) return first.rawValue;
    } catch {
      // Fall through to jsQR: some platforms expose the API but fail on certain inputs.
    }
  }
  const decode = await getJsQr();
  return decode(image.data, image.width, image.height)?.data ?? null;
}

/** Draws `source` scaled so that its longer side is at most `maxSide`, and returns its pixels. */
function pixelsOf(source: CanvasImageSource, width: number, height: number, maxSide: number): ImageData {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const canvas = document.createElement("canvas");
  canvas.width = w;
  canvas.height = h;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("canvas 2d context unavailable");
  // A white backdrop so that transparent PNGs (screenshots of a QR on a clear background) read as light.
  context.fillStyle = "#fff";
  context.fillRect(0, 0, w, h);
  context.drawImage(source, 0, 0, w, h);
  return context.getImageData(0, 0, w, h);
}

/** Decodes a photo or screenshot; tries a small copy first (fast), then a larger one (small codes). */
export async function decodeQrFromFile(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    for (const maxSide of [1024, 2048]) {
      const text = await decodeQr(pixelsOf(bitmap, bitmap.width, bitmap.height, maxSide));
      if (text) return text;
      if (Math.max(bitmap.width, bitmap.height) <= maxSide) break;
    }
    return null;
  } finally {
    bitmap.close();
  }
}

export type CameraFailure = "unsupported" | "denied" | "unavailable";

/** Why the camera could not start, from the error getUserMedia threw. */
export function cameraFailure(error: unknown): CameraFailure {
  const name = error instanceof Error || error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "denied";
  if (name === "NotSupportedError" || name === "TypeError") return "unsupported";
  return "unavailable";
}

export interface CameraScan {
  stop(): void;
}

/**
 * Shows the back camera in `video` and decodes a few frames a second until a QR code is found
 * (then `onText` runs once and the camera stops) or `stop()` is called. A code `skip` answers true
 * for is passed over and the scan goes on.
 */
export async function startCameraScan(
  video: HTMLVideoElement,
  onText: (text: string) => void,
  skip?: (text: string) => boolean,
): Promise<CameraScan> {
  if (!navigator.mediaDevices?.getUserMedia) throw new DOMException("no camera API", "NotSupportedError");
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: { ideal: "environment" } },
    audio: false,
  });
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  video.srcObject = stream;
  video.muted = true;
  video.setAttribute("playsinline", "");
  await video.play();
  const tick = async () => {
    if (stopped) return;
    if (video.videoWidth > 0) {
      const text = await decodeQr(pixelsOf(video, video.videoWidth, video.videoHeight, 800)).catch(
        () => null,
      );
      if (text && !stopped && !skip?.(text)) {
        stop();
        onText(text);
        return;
      }
    }
    if (!stopped) timer = setTimeout(tick, 250);
  };
  timer = setTimeout(tick, 250);
  return { stop };
}
