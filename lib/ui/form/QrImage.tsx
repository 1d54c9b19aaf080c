import { useEffect, useState } from "react";

/**
 * The QR code of `text` as an SVG data: URL (no canvas; CSP allows `img-src data:`). The encoder
 * is loaded when the first code is drawn: only the last step of a flow needs it.
 */
export async function qrDataUrl(text: string): Promise<string> {
  const { toString: qrSvg } = await import("qrcode");
  const svg = await qrSvg(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

const PNG_QR_SIZE = 600;
const PNG_CAPTION_HEIGHT = 96;

/**
 * The QR code of `text` as a PNG data: URL with `caption` (the reference) printed under it: the
 * image a customer keeps in the phone's photos and shows at the counter without a connection.
 */
export async function qrPngDataUrl(text: string, caption: string): Promise<string> {
  const { toCanvas } = await import("qrcode");
  const code = document.createElement("canvas");
  await toCanvas(code, text, { errorCorrectionLevel: "M", margin: 4, width: PNG_QR_SIZE });
  const image = document.createElement("canvas");
  image.width = PNG_QR_SIZE;
  image.height = PNG_QR_SIZE + PNG_CAPTION_HEIGHT;
  const context = image.getContext("2d");
  if (!context) throw new Error("no 2d canvas");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, image.width, image.height);
  context.drawImage(code, 0, 0);
  context.fillStyle = "#000000";
  context.font = "bold 40px ui-monospace, Menlo, Consolas, monospace, sans-serif";
  context.textAlign = "center";
  context.textBaseline = "middle";
  context.fillText(caption, PNG_QR_SIZE / 2, PNG_QR_SIZE + PNG_CAPTION_HEIGHT / 2 - 12);
  return image.toDataURL("image/png");
}

/**
 * An `<img>` of the QR code of `text`; `alt` says what it holds. The page's sheet sizes
 * `.nu-qr-pending` as the image, the box shown while the encoder loads.
 */
export function QrImage({ text, alt }: { text: string; alt: string }) {
  const [src, setSrc] = useState("");
  useEffect(() => {
    let current = true;
    setSrc("");
    qrDataUrl(text).then(
      (url) => {
        if (current) setSrc(url);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [text]);
  // Until the code is drawn, a box of its size holds its place, so what is below does not jump.
  return src ? (
    <img src={src} alt={alt} width={280} height={280} part="qr" />
  ) : (
    <span className="nu-qr-pending" aria-hidden="true" />
  );
}

/** A link that saves the QR code of `text` as a PNG (`fileName`), captioned with `caption`. */
export function SaveQrLink({
  text,
  caption,
  fileName,
  label,
}: {
  text: string;
  caption: string;
  fileName: string;
  label: string;
}) {
  const [href, setHref] = useState("");
  useEffect(() => {
    let current = true;
    setHref("");
    qrPngDataUrl(text, caption).then(
      (url) => {
        if (current) setHref(url);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [text, caption]);
  return href ? (
    <a className="nu-button nu-button--secondary" href={href} download={fileName} part="save-qr">
      {label}
    </a>
  ) : (
    <span className="nu-button nu-button--secondary nu-qr-pending-save" aria-hidden="true">
      {label}
    </span>
  );
}
