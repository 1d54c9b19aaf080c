import type { Brand } from "../../lib/core/brand.ts";

/** The footer's links (href, label) in order; a link the operator left empty is left out. */
export function footerLinks(brand: Brand): [string, string][] {
  return (
    [
      [brand.privacyUrl, "私隱政策"],
      [brand.termsUrl, "條款及細則"],
      [brand.contactUrl, "聯絡我們"],
    ] as [string, string][]
  ).filter(([href]) => href);
}
