/** The texts of home, maintenance and 404 (hosts/pages/sitePages.ts), which load with those pages. */
import type { Lang } from "../index.ts";
import { FLOW_TITLES, STAFF_AREA_TITLE } from "./shell.ts";

export const PAGE_TEXTS = {
  "zh-HK": {
    homeTitle: (brand: string) => `${brand} 會員登記`,
    homeLead: "歡迎！請選擇你要填寫的表格。",
    nuformChoice: FLOW_TITLES["zh-HK"].nuform,
    nuformChoiceHint: "登記成為會員並選擇營養產品",
    recruitmentChoice: "媽媽會員招募表格",
    recruitmentChoiceHint: "懷孕或已有寶寶的媽媽登記",
    staffChoice: STAFF_AREA_TITLE["zh-HK"],
    staffChoiceHint: "核實客戶、兌換及發票二維碼",
    notFoundTitle: "404 找不到此頁",
    notFoundText: "你要找的頁面不存在，可能已被移除或網址有誤。",
    backHome: "返回首頁",
    maintenanceTitle: "系統維護中",
    maintenanceText: "系統正在維護，請稍後再試。",
  },
  "zh-Hans": {
    homeTitle: (brand: string) => `${brand} 会员登记`,
    homeLead: "欢迎！请选择您要填写的表格。",
    nuformChoice: FLOW_TITLES["zh-Hans"].nuform,
    nuformChoiceHint: "登记成为会员并选择营养产品",
    recruitmentChoice: "妈妈会员招募表格",
    recruitmentChoiceHint: "怀孕或已有宝宝的妈妈登记",
    staffChoice: STAFF_AREA_TITLE["zh-HK"],
    staffChoiceHint: "核实客户、兑换及发票二维码（繁体中文）",
    notFoundTitle: "404 找不到此页",
    notFoundText: "您要找的页面不存在，可能已被删除或网址有误。",
    backHome: "返回首页",
    maintenanceTitle: "系统维护中",
    maintenanceText: "系统正在维护，请稍后再试。",
  },
  en: {
    homeTitle: (brand: string) => `${brand} member registration`,
    homeLead: "Welcome! Please choose the form you would like to fill in.",
    nuformChoice: FLOW_TITLES.en.nuform,
    nuformChoiceHint: "Become a member and choose a nutrition product",
    recruitmentChoice: "Mum membership",
    recruitmentChoiceHint: "For mums-to-be and mums with a baby",
    staffChoice: STAFF_AREA_TITLE.en,
    staffChoiceHint: "Verify customers, redemptions and invoice QR codes",
    notFoundTitle: "404 Page not found",
    notFoundText:
      "The page you are looking for does not exist. It may have been removed, or the address may be wrong.",
    backHome: "Back to home",
    maintenanceTitle: "Under maintenance",
    maintenanceText: "The service is under maintenance. Please try again later.",
  },
} as const satisfies Record<Lang, Record<string, string | ((brand: string) => string)>>;
