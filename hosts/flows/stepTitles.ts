/** What each customer step is called in the browser tab (`document.title`), by flow and step. */
import type { HostLang } from "../../lib/core/hostPage.ts";
import type { Flow } from "../../lib/core/types.ts";

export { FLOW_TITLES } from "../../lib/core/hostPage.ts";

const STEP_TITLES: Record<HostLang, Record<Flow, Record<string, string>>> = {
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

export function stepTitle(flow: Flow, step: string, lang: HostLang = "zh-HK"): string {
  return STEP_TITLES[lang][flow][step === "login" ? "" : step] ?? "";
}
