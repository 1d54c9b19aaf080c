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

/** An `<img>` of the QR code of `text`; `alt` says what it holds. */
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
  return src ? <img src={src} alt={alt} width={280} height={280} part="qr" /> : null;
}
