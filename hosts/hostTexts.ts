/**
 * The host pages' few texts of their own in both languages (the language switch, the footer's
 * label). No Preact here: the server draws the customer pages' first frame with them
 * (server/hostFrame.ts).
 */
import type { HostLang } from "./language.ts";

/** The language switch's texts and the footer's label, shared by the customer and staff pages. */
export const HOST_TEXTS = {
  "zh-HK": { switchTo: "English", switchLang: "en", siteInfo: "網站資訊" },
  en: { switchTo: "中文", switchLang: "zh-HK", siteInfo: "Site information" },
} as const satisfies Record<HostLang, { switchTo: string; switchLang: HostLang; siteInfo: string }>;
