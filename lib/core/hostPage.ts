/**
 * What the host pages (hosts/) and the server that writes their HTML (server/html.ts) both need to
 * know: the visitor's language choice (where it is kept, the cookie that tells the server), the
 * event the shell sends once it has taken the HTML's frame over, and the name of each page the
 * server paints a frame for (each flow page, the staff home).
 */
import type { Lang } from "./i18n/index.ts";
import type { Flow } from "./types.ts";

/** The host pages' languages: the elements' own. */
export type HostLang = Lang;

/**
 * The cookie that mirrors the visitor's language choice (kept in localStorage, hosts/language.ts)
 * so the server draws the first paint in that language. Only `en` is ever set.
 */
export const LANG_COOKIE = "nu-forms-lang";
/** Where this browser keeps the visitor's choice (hosts/language.ts; the HTML's starter writes it for an early tap). */
export const LANG_STORAGE_KEY = "nu-forms:lang";
/** Dispatched on `document` once the shell has taken over the HTML's frame (hosts/main.tsx). */
export const HOST_LIVE_EVENT = "nu-host-live";

/** Each flow page's heading (`<h1>`), and the first part of its tab title. */
export const FLOW_TITLES: Record<HostLang, Record<Flow, string>> = {
  "zh-HK": { nuform: "會員登記", recruitment: "媽媽會員招募" },
  en: { nuform: "Member registration", recruitment: "Mum membership" },
};

/** The staff home's heading (`<h1>`), and the staff pages' name in the tab and the staff bar. */
export const STAFF_AREA_TITLE: Record<HostLang, string> = { "zh-HK": "職員專區", en: "Staff area" };

/**
 * An element's first step's name in dist/elements/first-steps.json (vite.first-steps.ts), which
 * the server reads to preload it: `nu-form` in Chinese, `nu-form lang="en"` in English.
 */
export const firstStepName = (tag: string, lang: Lang): string =>
  lang === "zh-HK" ? tag : `${tag} lang="${lang}"`;
