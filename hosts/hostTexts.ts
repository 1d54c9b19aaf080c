/**
 * The host pages' few texts of their own in both languages (the language switch, the footer's
 * label). No Preact here: the server draws the customer pages' first frame with them
 * (server/hostFrame.ts).
 */
import type { Brand } from "../lib/core/brand.ts";
import type { HostLang } from "./language.ts";

/**
 * The cookie that mirrors the visitor's language choice (kept in localStorage, hosts/language.ts)
 * so the server draws the first paint in that language (server/hostFrame.ts). Only `en` is ever set.
 */
export const LANG_COOKIE = "nu-forms-lang";
/** Where this browser keeps the visitor's choice (hosts/language.ts; server/afterPaint.ts writes it for an early tap). */
export const LANG_STORAGE_KEY = "nu-forms:lang";
/** Dispatched on `document` once the shell has taken over the HTML's frame (hosts/main.tsx). */
export const HOST_LIVE_EVENT = "nu-host-live";

/** The operator's name in `lang`: the English name on English pages when the operator gave one. */
export const brandName = (brand: Pick<Brand, "name" | "nameEn">, lang: HostLang): string =>
  (lang === "en" && brand.nameEn) || brand.name;

/**
 * The language switch's texts, the footer's label and the loading overlay's spoken text, shared by
 * the customer and staff pages.
 */
export const HOST_TEXTS = {
  "zh-HK": { switchTo: "English", switchLang: "en", siteInfo: "網站資訊", loading: "載入中…" },
  en: { switchTo: "中文", switchLang: "zh-HK", siteInfo: "Site information", loading: "Loading…" },
} as const satisfies Record<
  HostLang,
  { switchTo: string; switchLang: HostLang; siteInfo: string; loading: string }
>;
