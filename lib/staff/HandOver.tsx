import { useRef } from "react";
import type { Lang } from "../core/i18n/index.ts";
import { t } from "../core/i18n/index.ts";
import { nameIn } from "../core/personName.ts";
import type { Lead, Product, RedemptionOffer } from "../core/types.ts";
import { sheet, useStyles } from "../ui/styles.ts";
import { space, token } from "../ui/theme.ts";
import { productOf, productStage } from "./leadNames.ts";

const handOverSheet = sheet(`
.nu-handover {
  display: flex; flex-direction: column; gap: ${space(0.5)};
  padding: ${space(2)}; border-radius: ${token("radius")};
  border: 2px solid ${token("color-primary")};
  background: color-mix(in srgb, ${token("color-primary")} 6%, ${token("color-surface")});
}
.nu-handover-label { font-weight: 700; color: ${token("color-muted")}; }
.nu-handover-product { font-size: 1.75em; font-weight: 800; line-height: 1.25; overflow-wrap: anywhere; }
.nu-handover-stage, .nu-handover-gift { font-size: 1.25em; font-weight: 600; }
`);

export interface HandOverFacts {
  /** The product's name (its stage is part of it: "初生營養奶粉 1 號"), or the gift without one. */
  product: string;
  /** What the product is for ("適合 0 至 6 個月嬰兒"). */
  stage: string;
  /** The operator's gift, which says the pack ("試用裝一罐（400 克）"). */
  gift: string;
}

/** What is put in the customer's bag: the chosen product, its stage and the pack of the gift. */
export function handOverFacts(
  lead: Lead,
  products: readonly Product[] | null,
  offer: RedemptionOffer | null | undefined,
  lang: Lang,
): HandOverFacts | null {
  const product = productOf(lead, products);
  const gift = offer?.gift ?? "";
  if (product) {
    return {
      product: nameIn(lang, product.name_zh, product.name_en),
      stage: productStage(product, lang),
      gift,
    };
  }
  // A product id the list does not know is still named, as the result page names it.
  if (lead.product_id && products) return { product: lead.product_id, stage: "", gift };
  return gift ? { product: gift, stage: "", gift: "" } : null;
}

/** One line for the confirm dialog: "交予客戶：初生營養奶粉 1 號（適合 0 至 6 個月嬰兒）· 試用裝…". */
export function handOverLine(facts: HandOverFacts, lang: Lang): string {
  const named = !facts.stage
    ? facts.product
    : lang === "en"
      ? `${facts.product} (${facts.stage})`
      : `${facts.product}（${facts.stage}）`;
  const what = [named, facts.gift].filter(Boolean).join(" · ");
  return t(lang, "staff.redeem.handOverLine", { what });
}

/** The hand-over in large type, placed right above the redeem button. */
export function HandOver({ facts, lang }: { facts: HandOverFacts; lang: Lang }) {
  const ref = useRef<HTMLDivElement>(null);
  const styles = useStyles(ref, handOverSheet);
  return (
    <div ref={ref} className="nu-handover" data-testid="handover">
      {styles}
      <p className="nu-handover-label">{t(lang, "staff.redeem.handOver")}</p>
      <p className="nu-handover-product">{facts.product}</p>
      {facts.stage ? <p className="nu-handover-stage">{facts.stage}</p> : null}
      {facts.gift ? <p className="nu-handover-gift">{facts.gift}</p> : null}
    </div>
  );
}
