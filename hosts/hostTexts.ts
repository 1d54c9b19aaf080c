/**
 * The host pages' few texts of their own in both languages (the language switch, the footer's
 * label, the loading overlay). The server's first frame is PageShell itself, rendered at build time
 * (scripts/first-paint.tsx).
 */
import type { HostLang } from "../lib/core/hostPage.ts";

export { brandName } from "../lib/core/brand.ts";
export { HOST_LIVE_EVENT, LANG_COOKIE, LANG_STORAGE_KEY } from "../lib/core/hostPage.ts";

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
