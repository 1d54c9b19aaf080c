import type { Brand } from "../../lib/core/brand.ts";

const LABELS = {
  "zh-HK": ["私隱政策", "條款及細則", "聯絡我們"],
  en: ["Privacy policy", "Terms and conditions", "Contact us"],
};

/** The footer's links (href, label) in order; a link the operator left empty is left out. */
export function footerLinks(brand: Brand, lang: "zh-HK" | "en" = "zh-HK"): [string, string][] {
  const [privacy, terms, contact] = LABELS[lang];
  return (
    [
      [brand.privacyUrl, privacy],
      [brand.termsUrl, terms],
      [brand.contactUrl, contact],
    ] as [string, string][]
  ).filter(([href]) => href);
}
