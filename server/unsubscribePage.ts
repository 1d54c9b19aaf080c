/**
 * The opt-out page (`/unsubscribe`): written by the server, no script, one form with one button,
 * in the customer's language, in the brand's colours. Its stylesheet is inline and allowed by its
 * hash; nothing else may load (its own CSP, stricter than the host pages').
 */
import { createHash } from "node:crypto";
import type { Brand } from "../lib/core/brand.ts";
import { type Lang, t } from "../lib/core/i18n/index.ts";
import { escapeHtml } from "./html.ts";

export type UnsubscribeState = "ask" | "done" | "already" | "notHeld" | "invalid";

const MESSAGE = {
  ask: "server.unsubscribe.ask",
  done: "server.unsubscribe.done",
  already: "server.unsubscribe.already",
  notHeld: "server.unsubscribe.notHeld",
  invalid: "server.unsubscribe.invalid",
} as const;

function styleOf(brand: Brand): string {
  return `body{margin:0;font:16px/1.6 system-ui,-apple-system,"PingFang HK","Noto Sans CJK TC","Microsoft JhengHei",sans-serif;color:#1f2328;background:#f6f7f9}main{max-width:32rem;margin:0 auto;padding:2rem 1.25rem}h1{font-size:1.375rem;line-height:1.3;margin:0 0 1rem}p{margin:0 0 1.5rem}.brand{font-weight:600;color:${brand.primaryColor};margin:0 0 1.5rem}button{font:inherit;font-weight:600;min-height:48px;width:100%;padding:.75rem 1rem;border:0;border-radius:8px;background:${brand.primaryColor};color:${brand.primaryContrast};cursor:pointer}button:focus-visible{outline:3px solid #1f2328;outline-offset:2px}`;
}

export function unsubscribePage(opts: {
  state: UnsubscribeState;
  lang: Lang;
  brand: Brand;
  /** Where the button posts: this page's own path and query. */
  action: string;
}): { html: string; csp: string } {
  const { state, lang, brand } = opts;
  const name = lang === "en" ? brand.nameEn || brand.name : brand.name;
  const params = { brand: name };
  const title = t(lang, "server.unsubscribe.title");
  const style = styleOf(brand);
  const form =
    state === "ask"
      ? `<form method="post" action="${escapeHtml(opts.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(t(lang, "server.unsubscribe.button"))}</button></form>`
      : "";
  const html = `<!doctype html>
<html lang="${lang === "en" ? "en" : "zh-Hant-HK"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(`${title} · ${name}`)}</title><style>${style}</style></head>
<body><main><p class="brand">${escapeHtml(name)}</p><h1>${escapeHtml(title)}</h1><p${state === "ask" ? "" : ' role="status"'}>${escapeHtml(t(lang, MESSAGE[state], params))}</p>${form}</main></body></html>`;
  const hash = createHash("sha256").update(style).digest("base64");
  const csp = [
    "default-src 'none'",
    `style-src 'sha256-${hash}'`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
  return { html, csp };
}
