import type { Brand } from "../../lib/core/brand.ts";
import type { Lang } from "../../lib/core/i18n/index.ts";

const LABELS: Record<Lang, [string, string, string]> = {
  "zh-HK": ["私隱政策", "條款及細則", "聯絡我們"],
  "zh-Hans": ["隐私政策", "条款及细则", "联系我们"],
  en: ["Privacy policy", "Terms and conditions", "Contact us"],
};

/** The footer's links (href, label) in order; a link the operator left empty is left out. */
export function footerLinks(brand: Brand, lang: Lang = "zh-HK"): [string, string][] {
  const [privacy, terms, contact] = LABELS[lang];
  return (
    [
      [brand.privacyUrl, privacy],
      [brand.termsUrl, terms],
      [brand.contactUrl, contact],
    ] as [string, string][]
  ).filter(([href]) => href);
}
