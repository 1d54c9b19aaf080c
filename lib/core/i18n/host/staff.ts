/**
 * The staff pages' own texts (the staff elements bring theirs), which load with those pages: the
 * staff bar, the page titles and the idle warning.
 */
import { STAFF_AREA_TITLE } from "./shell.ts";

export const STAFF_TEXTS = {
  "zh-HK": {
    area: STAFF_AREA_TITLE["zh-HK"],
    home: "職員主頁",
    signOut: "登出",
    verification: "核實客戶",
    nutritionist_redeem: "營養師兌換",
    result: "核實結果",
    redeem_center: "兌換中心",
    invoice_qrcode: "發票二維碼",
    invoice: "發票",
    leads: "客戶資料台",
    adminOnly: "只有管理員可以使用客戶資料台。請以管理員身分登入。",
    backHome: "返回職員主頁",
    idleTitle: "即將自動登出",
    idleCapped: (left: string) => `已達每次登入最長 12 小時，你將於 ${left} 後登出，請重新登入。`,
    idleIdle: (left: string) => `為保障客戶資料，閒置 30 分鐘會自動登出。你將於 ${left} 後登出。`,
    idleRenewFailed: "未能延長登入，請檢查網絡後再試。",
    idleStay: "保持登入",
    idleLeave: "立即登出",
  },
  en: {
    area: STAFF_AREA_TITLE.en,
    home: "Staff home",
    signOut: "Sign out",
    verification: "Verify customer",
    nutritionist_redeem: "Nutritionist redemption",
    result: "Verification result",
    redeem_center: "Redeem centre",
    invoice_qrcode: "Invoice QR code",
    invoice: "Invoice",
    leads: "Lead desk",
    adminOnly: "Only administrators can use the lead desk. Please sign in as an administrator.",
    backHome: "Back to staff home",
    idleTitle: "Signing out soon",
    idleCapped: (left: string) =>
      `You have been signed in for the 12-hour maximum. You will be signed out in ${left}; please sign in again.`,
    idleIdle: (left: string) =>
      `To protect customers' data, 30 idle minutes sign you out. You will be signed out in ${left}.`,
    idleRenewFailed: "Could not keep you signed in. Check the network and try again.",
    idleStay: "Stay signed in",
    idleLeave: "Sign out now",
  },
} satisfies Record<"zh-HK" | "en", Record<string, string | ((left: string) => string)>>;

export type StaffTexts = (typeof STAFF_TEXTS)["zh-HK"];
