/** What each customer step is called in the browser tab (`document.title`), by flow and step. */
import type { Flow } from "../../lib/core/types.ts";

export const FLOW_TITLES: Record<Flow, string> = { nuform: "會員登記", recruitment: "媽媽會員招募" };

const STEP_TITLES: Record<Flow, Record<string, string>> = {
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
};

export function stepTitle(flow: Flow, step: string): string {
  return STEP_TITLES[flow][step === "login" ? "" : step] ?? "";
}
