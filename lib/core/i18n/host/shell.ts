/**
 * The host pages' texts that every page's shell carries (the customer flows' pages, the staff home's
 * frame, the language switch, the footer, the loading overlay and the load error), in both
 * languages. The server's first paint uses the titles too (server/html.ts). Home's, maintenance's
 * and 404's texts (pages.ts) and the staff pages' (staff.ts) load with their own pages. The
 * elements' texts are the catalogues one folder up: a host page loads them with the element bundle.
 */
import type { Flow } from "../../types.ts";
import type { Lang } from "../index.ts";

/** Each flow page's heading (`<h1>`), and the first part of its tab title. */
export const FLOW_TITLES: Record<Lang, Record<Flow, string>> = {
  "zh-HK": { nuform: "會員登記", recruitment: "媽媽會員招募" },
  en: { nuform: "Member registration", recruitment: "Mum membership" },
};

/** The staff home's heading (`<h1>`), and the staff pages' name in the tab and the staff bar. */
export const STAFF_AREA_TITLE: Record<Lang, string> = { "zh-HK": "職員專區", en: "Staff area" };

/**
 * The language switch's texts, the footer's label and the loading overlay's spoken text, shared by
 * the customer and staff pages.
 */
export const HOST_TEXTS = {
  "zh-HK": { switchTo: "English", switchLang: "en", siteInfo: "網站資訊", loading: "載入中…" },
  en: { switchTo: "中文", switchLang: "zh-HK", siteInfo: "Site information", loading: "Loading…" },
} as const satisfies Record<Lang, { switchTo: string; switchLang: Lang; siteInfo: string; loading: string }>;

/** The page shown when the network failed to bring the form's code (hosts/pages/BundleLoadError.tsx). */
export const LOAD_ERROR_TEXTS = {
  "zh-HK": {
    title: "未能載入表格",
    text: "網絡不穩定，表格未能載入。請檢查網絡連線後再試。",
    reload: "重新載入",
  },
  en: {
    title: "The form could not be loaded",
    text: "The network is unstable and the form could not be loaded. Please check your connection and try again.",
    reload: "Reload",
  },
} as const;

/** What each customer step is called in the browser tab (`document.title`), by flow and step. */
const STEP_TITLES: Record<Lang, Record<Flow, Record<string, string>>> = {
  "zh-HK": {
    nuform: {
      "": "電郵登入",
      personInfoHK: "個人資料",
      personInfoCN: "個人資料",
      TnCNew: "條款及細則",
      TnCExisting: "條款及細則",
      TnCPartnership: "條款及細則",
      product: "選擇營養產品",
      memberRedemption: "會員二維碼",
    },
    recruitment: {
      "": "電郵登入",
      personInfo: "個人資料",
      termsAndConditions: "條款及細則",
      cooperativePartner: "合作夥伴",
      babyInfo: "寶寶資料",
      lookingForward: "確認資料",
      memberRedemption: "會員二維碼",
    },
  },
  en: {
    nuform: {
      "": "E-mail sign-in",
      personInfoHK: "Personal details",
      personInfoCN: "Personal details",
      TnCNew: "Terms and conditions",
      TnCExisting: "Terms and conditions",
      TnCPartnership: "Terms and conditions",
      product: "Choose a nutrition product",
      memberRedemption: "Member QR code",
    },
    recruitment: {
      "": "E-mail sign-in",
      personInfo: "Personal details",
      termsAndConditions: "Terms and conditions",
      cooperativePartner: "Partner clinic",
      babyInfo: "Baby details",
      lookingForward: "Check your details",
      memberRedemption: "Member QR code",
    },
  },
};

export function stepTitle(flow: Flow, step: string, lang: Lang = "zh-HK"): string {
  return STEP_TITLES[lang][flow][step === "login" ? "" : step] ?? "";
}
