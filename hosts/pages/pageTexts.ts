/**
 * The texts of home, maintenance and 404 (sitePages.ts), in the language the visitor chose with the
 * switch (hosts/language.ts). The flows' and staff pages' texts live with them (stepTitles.ts,
 * staff/staffTexts.ts); the load error's with it, in the shell (BundleLoadError.tsx).
 */
import type { HostLang } from "../language.ts";

export const PAGE_TEXTS = {
  "zh-HK": {
    homeTitle: (brand: string) => `${brand} 會員登記`,
    homeLead: "歡迎！請選擇你要填寫的表格。",
    nuformChoice: "會員登記",
    nuformChoiceHint: "登記成為會員並選擇營養產品",
    recruitmentChoice: "媽媽會員招募表格",
    recruitmentChoiceHint: "懷孕或已有寶寶的媽媽登記",
    staffChoice: "職員專區",
    staffChoiceHint: "核實客戶、兌換及發票二維碼",
    notFoundTitle: "404 找不到此頁",
    notFoundText: "你要找的頁面不存在，可能已被移除或網址有誤。",
    backHome: "返回首頁",
    maintenanceTitle: "系統維護中",
    maintenanceText: "系統正在維護，請稍後再試。",
  },
  en: {
    homeTitle: (brand: string) => `${brand} member registration`,
    homeLead: "Welcome! Please choose the form you would like to fill in.",
    nuformChoice: "Member registration",
    nuformChoiceHint: "Become a member and choose a nutrition product",
    recruitmentChoice: "Mum membership",
    recruitmentChoiceHint: "For mums-to-be and mums with a baby",
    staffChoice: "Staff area",
    staffChoiceHint: "Verify customers, redemptions and invoice QR codes",
    notFoundTitle: "404 Page not found",
    notFoundText:
      "The page you are looking for does not exist. It may have been removed, or the address may be wrong.",
    backHome: "Back to home",
    maintenanceTitle: "Under maintenance",
    maintenanceText: "The service is under maintenance. Please try again later.",
  },
} as const satisfies Record<HostLang, Record<string, string | ((brand: string) => string)>>;
