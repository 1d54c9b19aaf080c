/**
 * Everything the server writes into a page's HTML: the config `<meta>` tags, the brand's colours,
 * the CSP with the hashes of the inline style and scripts it allows, the starter that requests the
 * scripts after the first paint, and the customer pages' first frame.
 *
 * The frame and the sign-in step's picture are not written here: they are hosts/pages/PageShell.tsx
 * and the flows' own sign-in step, rendered at build time (build/render-first-paint.tsx) into
 * dist/hosts/first-paint.json, with markers for the texts, the language and the brand that this
 * module fills in (lib/core/firstPaint.ts). The customer flow routes and the staff home get a
 * frame: theirs is the same whatever the visitor's state. The other staff pages choose their layout
 * from the stored session, which only the browser knows; so does what the staff home's frame holds
 * (the sign-in or the tools), and it paints empty. The frame paints before any script has run and does not wait for
 * the element bundle (FCP, LCP); the shell's first render takes these very nodes over.
 */
import { createHash } from "node:crypto";
import { BRAND_FIELDS, type Brand, brandName } from "../lib/core/brand.ts";
import {
  EMAIL_STATUS,
  type FirstPaint,
  fillMarkers,
  frameKey,
  SEND_ASKED,
  SERVED_STEP,
} from "../lib/core/firstPaint.ts";
import { HOST_LIVE_EVENT, LANG_COOKIE, LANG_STORAGE_KEY } from "../lib/core/hostPage.ts";
import { FLOW_TITLES } from "../lib/core/i18n/host/shell.ts";
import { LANGS, type Lang, type MessageKey, preferredLang, t } from "../lib/core/i18n/index.ts";
import {
  NUFORM_BASE,
  NUFORM_STEPS,
  RECRUITMENT_BASE,
  RECRUITMENT_STEPS,
  STAFF_HOME,
} from "../lib/core/routes.ts";
import type { Flow } from "../lib/core/types.ts";
import type { ServerConfig } from "./config.ts";

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] as string,
  );
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

function originOf(url: string): string | null {
  try {
    return /^https?:\/\//i.test(url) ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/**
 * The brand's colours as CSS custom properties, inline in every host page so that the frame
 * paints in them before any script has run (hosts/brand.ts sets the same properties again).
 * Allowed by its hash in the CSP.
 */
export function brandStyle(config: ServerConfig): string {
  const { primaryColor, primaryContrast } = config.brand;
  return `:root{--brand-primary:${primaryColor};--brand-primary-contrast:${primaryContrast};--nu-color-primary:${primaryColor};--nu-color-primary-contrast:${primaryContrast}}`;
}

/**
 * A page that paints from its HTML requests its scripts only after that first paint. Its paint
 * needs no script, and a script requested before it counts against the page's LCP in Lighthouse's
 * simulation (Lantern counts every request started before the observed LCP, at any priority:
 * docs/performance.md), though in the browser the step is already painted.
 *
 * The starter is one fixed inline script (allowed by its CSP hash); what it starts is in its
 * `data-after-paint` attribute: the page's module script first, then the modules to download ahead
 * (warm: each in a task of its own: starting a request costs the page 1–4 ms of main thread, and the
 * six in one task made a 23 ms task right after the paint), then the chunks to prefetch (`data-prefetch`,
 * `<link rel="prefetch">`: another page's code, for a link the customer may follow). It
 * starts them when the browser reports the first contentful paint (where paint timing is not
 * supported: the task after the first frame), at the latest after 3 s; a hidden tab has no paint
 * to wait for: it starts at once.
 *
 * Until the shell has taken over the frame (HOST_LIVE_EVENT), a tap on the frame's language switch
 * is kept: the choice goes where hosts/language.ts reads it when the shell starts, so the page
 * turns to that language as soon as it is live instead of ignoring the tap. It listens in the
 * capture phase: the button's `lang` is read before any handler re-renders it.
 *
 * A 發送電郵 pressed (or Enter) in the served sign-in step before the shell has taken it over is
 * kept too, as lib/flows/shared/signInHandOver.ts keeps it once loaded (which then sends): the form's
 * own submission (a reload with the address in the URL) is stopped, the form marked, the status
 * line says it is sending. It stays for the page's life: it acts only inside the served step.
 */
const KEEP_EARLY_SEND = `function send(e){var t=e.target,f=t.closest&&t.closest(${JSON.stringify(`.${SERVED_STEP} form`)});if(!f||e.type==="click"&&!t.closest("button"))return;e.preventDefault();if(f.hasAttribute(${JSON.stringify(SEND_ASKED)}))return;f.setAttribute(${JSON.stringify(SEND_ASKED)},"");f.querySelector("button").setAttribute("aria-disabled","true");f.querySelector(${JSON.stringify(EMAIL_STATUS)}).textContent=f.closest(${JSON.stringify(`.${SERVED_STEP}`)}).getAttribute("data-sending")}document.addEventListener("submit",send,true);document.addEventListener("click",send,true);`;

const KEEP_EARLY_LANGUAGE_TAP = `function early(e){var b=e.target.closest&&e.target.closest(".lang-switch");if(!b)return;try{localStorage.setItem(${JSON.stringify(LANG_STORAGE_KEY)},b.lang==="en"||b.lang==="zh-Hans"?b.lang:"zh-HK")}catch(x){}}document.addEventListener("click",early,true);document.addEventListener(${JSON.stringify(HOST_LIVE_EVENT)},function(){document.removeEventListener("click",early,true)});`;

export const AFTER_PAINT_SCRIPT = `(function(){${KEEP_EARLY_LANGUAGE_TAP}${KEEP_EARLY_SEND}var s=document.currentScript,u=s.dataset.afterPaint.split(" "),p=(s.dataset.prefetch||"").split(" "),d=false,t=PerformanceObserver.supportedEntryTypes||[];function add(r,h){var l=document.createElement("link");l.rel=r;l.href=h;document.head.appendChild(l)}function go(){if(d)return;d=true;var m=document.createElement("script");m.type="module";m.crossOrigin="";m.src=u[0];document.head.appendChild(m);var i=1,j=0;(function next(){if(u.length>i)fetch(u[i++]).catch(function(){});else if(p[j])add("prefetch",p[j++]);else return;setTimeout(next)})()}document.addEventListener("visibilitychange",go);if(document.visibilityState==="hidden")return go();if(t.indexOf("paint")>=0)new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length)go()}).observe({type:"paint",buffered:true});else requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,3000)})()`;

/**
 * Why the modules are downloaded ahead with `fetch()` and never with `<link rel="modulepreload">`:
 * WebKit remembers a modulepreload that failed (a moment without network) for the rest of the
 * session, for that URL, in every page: the import, a reload, a later visit all get the same
 * failure without a request, and the form never comes back. A failed `fetch()` is remembered
 * nowhere. The module's own import then finds the file in the HTTP cache (chunks are immutable; the
 * entry is revalidated). Pages that the server writes without a starter use WARM_SCRIPT.
 */
export const WARM_SCRIPT = `(function(){var u=document.currentScript.dataset.warm.split(" "),i=0;(function next(){if(i<u.length){fetch(u[i++]).catch(function(){});setTimeout(next)}})()})()`;

/** The first paint's stylesheet, allowed by its hash: the sign-in step's own rules (first-paint.json). */
export function contentSecurityPolicy(config: ServerConfig, firstPaintCss = ""): string {
  const connect = ["'self'", originOf(config.alsUrl), originOf(config.maintenanceUrl)].filter(
    (v, i, all): v is string => v !== null && all.indexOf(v) === i,
  );
  const styles = ["'self'", sha256(brandStyle(config)), ...(firstPaintCss ? [sha256(firstPaintCss)] : [])];
  return [
    "default-src 'self'",
    `script-src 'self' ${sha256(AFTER_PAINT_SCRIPT)} ${sha256(WARM_SCRIPT)}`,
    `style-src ${styles.join(" ")}`,
    `img-src ${["'self'", "data:", "blob:", originOf(config.brand.logoUrl)].filter(Boolean).join(" ")}`,
    `connect-src ${connect.join(" ")}`,
    "font-src 'self'",
    "worker-src 'self' blob:",
    "media-src 'self' blob: mediastream:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

export function configMeta(config: ServerConfig): string {
  const entries: [string, string][] = [
    ["nu-forms:api-base", "/api"],
    ["nu-forms:api-key", config.apiKey],
    ["nu-forms:als-url", config.alsUrl],
    ["nu-forms:maintenance-url", config.maintenanceUrl],
    ["nu-forms:maintenance-page-url", config.maintenancePageUrl],
    ...BRAND_FIELDS.map(([field, meta]): [string, string] => [`nu-brand:${meta}`, config.brand[field]]),
  ];
  return entries.map(([name, content]) => `<meta name="${name}" content="${escapeHtml(content)}">`).join("");
}

const FLOW_ROUTES: readonly [Flow, string, readonly string[]][] = [
  ["nuform", NUFORM_BASE, NUFORM_STEPS],
  ["recruitment", RECRUITMENT_BASE, RECRUITMENT_STEPS],
];

const trim = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname);

/** The flow whose page `pathname` is (its entry or a known step), or null. */
export function flowOfPath(pathname: string): Flow | null {
  const trimmed = trim(pathname);
  for (const [flow, base, steps] of FLOW_ROUTES) {
    if (trimmed === base) return flow;
    if (trimmed.startsWith(`${base}/`) && steps.includes(trimmed.slice(base.length + 1))) return flow;
  }
  return null;
}

/**
 * The language to draw a host page in: the visitor's choice (the cookie that hosts/language.ts
 * keeps; every host page has the switch), else the first of ours the browser asks for
 * (`Accept-Language`: zh-CN gets Simplified Chinese, en English), else Traditional Chinese.
 */
export function pageLang(cookies: Record<string, string | undefined>, acceptLanguage = ""): Lang {
  const chosen = LANGS.find((lang) => lang === cookies[LANG_COOKIE]);
  if (chosen) return chosen;
  const asked = acceptLanguage
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return preferredLang(asked.map(({ tag }) => tag)) ?? "zh-HK";
}

/** The pages whose first paint includes their flow's sign-in step: each flow's entry. */
const PICTURED: Record<string, Flow> = { [NUFORM_BASE]: "nuform", [RECRUITMENT_BASE]: "recruitment" };

/**
 * The flow's sign-in step as its element draws it, a real form from the first frame: its field is
 * labelled, focusable and takes text before any script has run (AFTER_PAINT_SCRIPT keeps a pressed
 * 發送電郵 and stops the form's own submission). The host shell keeps it until the element has drawn
 * its step in the same place, then hands over what was typed, the focus and the press and swaps
 * the two in one frame (hosts/flows/firstStepPreview.tsx, lib/flows/shared/signInHandOver.ts).
 * `data-sending` is the status line a press shows.
 */
export function firstStepPicture(paint: FirstPaint, pathname: string, lang: Lang): string {
  const flow = PICTURED[trim(pathname)];
  if (!flow) return "";
  const step = fillMarkers(paint.steps[flow], (name, params) =>
    name === "@lang" ? lang : escapeHtml(t(lang, name as MessageKey, params)),
  );
  const sending = escapeHtml(t(lang, "widgets.email.sending"));
  return `<div class="${SERVED_STEP}" data-sending="${sending}">${step}</div>`;
}

/** Whether `pathname` is the staff home (its page name in any case, as the staff pages read it). */
const isStaffHome = (pathname: string) => trim(pathname).toLowerCase() === STAFF_HOME;

/**
 * The markup of `<div id="app">` for `pathname`, or "" when the shell draws that page alone: a flow
 * page's frame (PageShell's) or the staff home's, filled in.
 */
export function hostFrame(
  paint: FirstPaint,
  pathname: string,
  brand: Brand,
  {
    content = "",
    lang = "zh-HK",
    year = new Date().getFullYear(),
  }: { content?: string; lang?: Lang; year?: number } = {},
): string {
  const flow = flowOfPath(pathname);
  const key = frameKey(brand);
  const frame = flow
    ? paint.frames[lang]?.[key]
    : isStaffHome(pathname)
      ? paint.staffHome?.[lang]?.[key]
      : "";
  if (!frame) return "";
  const values: Record<string, string> = {
    "@name": escapeHtml(brandName(brand, lang)),
    "@logo": escapeHtml(brand.logoUrl),
    "@privacy": escapeHtml(brand.privacyUrl),
    "@terms": escapeHtml(brand.termsUrl),
    "@contact": escapeHtml(brand.contactUrl),
    "@year": String(year),
    "@title": flow ? escapeHtml(FLOW_TITLES[lang][flow]) : "",
    "@content": content,
  };
  const filled = fillMarkers(frame, (name) => values[name] ?? "");
  // With the sign-in step in it the page is usable from its first frame: not busy (FlowPage agrees).
  return content ? filled.replace('<main class="page" aria-busy="true">', '<main class="page">') : filled;
}

/** What the server adds to a host page or a demo page; `paint` is the build's first-paint.json (null without one). */
export interface PageParts {
  config: ServerConfig;
  pathname: string;
  /** The host shell's page (the demo pages get only the config and the preloads). */
  host: boolean;
  lang: Lang;
  paint: FirstPaint | null;
  /** Host chunks: the route's own, and another page's to prefetch after the first paint. */
  chunks: { preload: string[]; prefetch: string[] };
  /** The element's first step's files (dist/elements/first-steps.json), as URLs. */
  firstStepFiles: string[];
}

/** `text`, the built page, with everything the server adds; and the CSP that allows its inline parts. */
export function writePage(text: string, parts: PageParts): { page: string; csp: string } {
  const { config, pathname, host, lang, paint, chunks } = parts;
  const picture = host && paint ? firstStepPicture(paint, pathname, lang) : "";
  const frame = host && paint ? hostFrame(paint, pathname, config.brand, { content: picture, lang }) : "";
  const style = host ? `<style>${brandStyle(config)}</style>` : "";
  const pictureStyle = picture && paint ? `<style>${paint.css}</style>` : "";
  // What the page's own module scripts load needs no second request (a demo page's bundle).
  const ownScripts = new Set(
    [...text.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]),
  );
  const preloads = [...chunks.preload, ...parts.firstStepFiles].filter((href) => !ownScripts.has(href));
  if (lang !== "zh-HK") text = text.replace(/<html\b[^>]*>/i, `<html lang="${lang}">`);
  // Downloaded ahead with fetch(), never modulepreload: a failed one must not stick (WARM_SCRIPT).
  let links = preloads.length
    ? `<script data-warm="${escapeHtml(preloads.join(" "))}">${WARM_SCRIPT}</script>`
    : "";
  // A page the script draws (staff): its prefetches wait in the HTML, at the lowest priority.
  let starter = chunks.prefetch.map((href) => `<link rel="prefetch" href="${escapeHtml(href)}">`).join("");
  const moduleScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(text);
  if (frame && moduleScript) {
    // A page whose HTML paints its own frame needs no script for its first paint (AFTER_PAINT_SCRIPT).
    text = text.replace(moduleScript[0], "");
    links = "";
    const prefetch = chunks.prefetch.length
      ? ` data-prefetch="${escapeHtml(chunks.prefetch.join(" "))}"`
      : "";
    starter = `<script data-after-paint="${escapeHtml([moduleScript[1], ...preloads].join(" "))}"${prefetch}>${AFTER_PAINT_SCRIPT}</script>`;
  }
  // Replacer functions: a `$` in the brand's values is text, not a replacement pattern.
  const page = text
    .replace("<title>nu-forms</title>", () => `<title>${escapeHtml(brandName(config.brand, lang))}</title>`)
    .replace(/<\/head>/i, () => `${configMeta(config)}${style}${pictureStyle}${links}</head>`)
    .replace('<div id="app"></div>', () => `<div id="app">${frame}</div>`)
    .replace(/<\/body>/i, () => `${starter}</body>`);
  return { page, csp: contentSecurityPolicy(config, paint?.css) };
}
