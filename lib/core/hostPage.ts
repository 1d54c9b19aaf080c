/**
 * What the host pages (hosts/) and the server that writes their HTML (server/html.ts) both need to
 * know: the visitor's language choice (where it is kept, the cookie that tells the server), the
 * event the shell sends once it has taken the HTML's frame over, and the name of an element's first
 * step in the build's list. The pages' texts are in lib/core/i18n/host/.
 */
import type { Lang } from "./i18n/index.ts";

/**
 * The cookie that mirrors the visitor's language choice (kept in localStorage, hosts/language.ts)
 * so the server draws the first paint in that language. Only `en` is ever set.
 */
export const LANG_COOKIE = "nu-forms-lang";
/** Where this browser keeps the visitor's choice (hosts/language.ts; the HTML's starter writes it for an early tap). */
export const LANG_STORAGE_KEY = "nu-forms:lang";
/** Dispatched on `document` once the shell has taken over the HTML's frame (hosts/main.tsx). */
export const HOST_LIVE_EVENT = "nu-host-live";

/**
 * An element's first step's name in dist/elements/first-steps.json (build/first-steps.ts), which
 * the server reads to preload it: `nu-form` in Chinese, `nu-form lang="en"` in English.
 */
export const firstStepName = (tag: string, lang: Lang): string =>
  lang === "zh-HK" ? tag : `${tag} lang="${lang}"`;
