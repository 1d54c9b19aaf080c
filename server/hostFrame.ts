/**
 * The customer pages' frame, in the HTML itself: the operator's header, the page's <main> with its
 * heading, and the footer, exactly as hosts/pages/PageShell.tsx renders them (the shell's first
 * render reuses these nodes: e2e/host-paint.spec.ts). The page paints its frame before any script
 * has run, and the frame does not wait for the element bundle (FCP, LCP).
 *
 * Only the customer flow routes get it: their frame is the same whatever the visitor's state; the
 * staff pages choose their layout from the stored session, which only the browser knows.
 */

import { FLOW_TITLES } from "../hosts/flows/stepTitles.ts";
import { brandName, HOST_TEXTS, LANG_COOKIE } from "../hosts/hostTexts.ts";
import type { HostLang } from "../hosts/language.ts";
import { footerLinks } from "../hosts/pages/footerLinks.ts";
import type { Brand } from "../lib/core/brand.ts";
import { NUFORM_BASE, NUFORM_STEPS, RECRUITMENT_BASE, RECRUITMENT_STEPS } from "../lib/core/routes.ts";
import type { Flow } from "../lib/core/types.ts";

const FLOW_ROUTES: readonly [Flow, string, readonly string[]][] = [
  ["nuform", NUFORM_BASE, NUFORM_STEPS],
  ["recruitment", RECRUITMENT_BASE, RECRUITMENT_STEPS],
];

/** The flow whose page `pathname` is (its entry or a known step), or null. */
export function flowOfPath(pathname: string): Flow | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  for (const [flow, base, steps] of FLOW_ROUTES) {
    if (trimmed === base) return flow;
    if (trimmed.startsWith(`${base}/`) && steps.includes(trimmed.slice(base.length + 1))) return flow;
  }
  return null;
}

/**
 * The language to draw a host page in: English when the visitor chose it (the cookie that
 * hosts/language.ts keeps; every host page has the switch), Traditional Chinese otherwise.
 */
export function pageLang(cookies: Record<string, string | undefined>): HostLang {
  return cookies[LANG_COOKIE] === "en" ? "en" : "zh-HK";
}

/** The markup of `<div id="app">` for `pathname`, or "" when the shell draws that page alone. */
export function hostFrame(
  pathname: string,
  brand: Brand,
  esc: (value: string) => string,
  {
    content = "",
    lang = "zh-HK",
    year = new Date().getFullYear(),
  }: {
    /** What the page shows under its heading before the shell runs (firstStepPreview.ts). */
    content?: string;
    lang?: HostLang;
    year?: number;
  } = {},
): string {
  const flow = flowOfPath(pathname);
  if (!flow) return "";
  // The switch offers the other language, as `LangSwitch` in hosts/pages/BrandChrome.tsx.
  const texts = HOST_TEXTS[lang];
  const name = esc(brandName(brand, lang));
  const logo = brand.logoUrl
    ? `<img class="brand-logo" src="${esc(brand.logoUrl)}" alt="" width="32" height="32">`
    : "";
  const links = footerLinks(brand, lang)
    .map(([href, label]) => `<li><a href="${esc(href)}" data-native="">${label}</a></li>`)
    .join("");
  return [
    `<header class="site-header"><a class="brand" href="/">${logo}<span>${name}</span></a><button type="button" class="lang-switch" lang="${texts.switchLang}">${texts.switchTo}</button></header>`,
    `<main class="page" aria-busy="true"><h1>${FLOW_TITLES[lang][flow]}</h1>${content}</main>`,
    `<footer class="site-footer"><nav aria-label="${texts.siteInfo}"><ul>${links}</ul></nav><p>© ${year} ${name}</p></footer>`,
  ].join("");
}
