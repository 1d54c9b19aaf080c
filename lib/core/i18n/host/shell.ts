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
  "zh-Hans": { nuform: "会员登记", recruitment: "妈妈会员招募" },
  en: { nuform: "Member registration", recruitment: "Mum membership" },
};

/** The staff home's heading (`<h1>`), and the staff pages' name in the tab and the staff bar. */
export const STAFF_AREA_TITLE: Record<Lang, string> = {
  "zh-HK": "職員專區",
  "zh-Hans": "员工专区",
  en: "Staff area",
};

/**
 * The staff pages' language for the page's: staff work in Hong Kong, so Simplified Chinese shows
 * them in Traditional Chinese (their switch offers 中文 and English only).
 */
export const staffLang = (lang: Lang): "zh-HK" | "en" => (lang === "en" ? "en" : "zh-HK");

/** The languages the staff pages' switches offer. */
export const STAFF_LANGS = ["zh-HK", "en"] as const;

/**
 * The language switch's texts (each other language, named in itself), the footer's label and the
 * loading overlay's spoken text, shared by the customer and staff pages. The staff pages offer
 * only zh-HK and English (staffLang).
 */
export const HOST_TEXTS = {
  "zh-HK": {
    switches: [
      ["en", "English"],
      ["zh-Hans", "简体"],
    ],
    siteInfo: "網站資訊",
    loading: "載入中…",
  },
  "zh-Hans": {
    switches: [
      ["zh-HK", "繁體"],
      ["en", "English"],
    ],
    siteInfo: "网站信息",
    loading: "加载中…",
  },
  en: {
    switches: [
      ["zh-HK", "中文"],
      ["zh-Hans", "简体"],
    ],
    siteInfo: "Site information",
    loading: "Loading…",
  },
} as const satisfies Record<
  Lang,
  { switches: readonly (readonly [Lang, string])[]; siteInfo: string; loading: string }
>;

/** The page shown when the network failed to bring the form's code (hosts/pages/BundleLoadError.tsx). */
export const LOAD_ERROR_TEXTS = {
  "zh-HK": {
    title: "未能載入表格",
    text: "網絡不穩定，表格未能載入。請檢查網絡連線後再試。",
    reload: "重新載入",
  },
  "zh-Hans": {
    title: "表格加载失败",
    text: "网络不稳定，表格未能加载。请检查网络连接后再试。",
    reload: "重新加载",
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
  "zh-Hans": {
    nuform: {
      "": "邮箱登录",
      personInfoHK: "个人信息",
      personInfoCN: "个人信息",
      TnCNew: "条款及细则",
      TnCExisting: "条款及细则",
      TnCPartnership: "条款及细则",
      product: "选择营养产品",
      memberRedemption: "会员二维码",
    },
    recruitment: {
      "": "邮箱登录",
      personInfo: "个人信息",
      termsAndConditions: "条款及细则",
      cooperativePartner: "合作伙伴",
      babyInfo: "宝宝信息",
      lookingForward: "确认信息",
      memberRedemption: "会员二维码",
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
