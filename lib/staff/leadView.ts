/**
 * A lead as counter staff read it to check the person in front of them. The server already masks
 * phone and e-mail for non-admin staff; these functions only arrange what it sent.
 */

import type { Lang } from "../core/i18n/index.ts";
import { t } from "../core/i18n/index.ts";
import { findDistrict, findRegion } from "../core/lists/regions.ts";
import { nameIn, personName } from "../core/personName.ts";
import type { Lead, Redemption, RedemptionKind } from "../core/types.ts";
import { formatHkDateTime, formatYmd } from "./format.ts";

/** The customer's name as shown (lib/core/personName.ts: 陳大文, Tai Man Chan). */
export function customerName(lead: Pick<Lead, "first_name" | "last_name">): string {
  return personName(lead.first_name, lead.last_name);
}

export function phoneText(lead: Pick<Lead, "phone_code" | "phone">): string {
  if (!lead.phone) return "";
  return lead.phone_code ? `+${lead.phone_code} ${lead.phone}` : lead.phone;
}

/** Where the customer lives: 香港 · 九龍城 / Mainland China · 廣東省 深圳市. */
export function residenceText(lead: Pick<Lead, "residence" | "address" | "address_cn">, lang: Lang): string {
  if (lead.residence === "CN") {
    const cn = lead.address_cn;
    const place = cn ? [cn.province, cn.city, cn.district].filter(Boolean).join(" ") : "";
    return [t(lang, "staff.lead.residenceCN"), place].filter(Boolean).join(" · ");
  }
  const address = lead.address;
  const district = findDistrict(address?.district);
  const region = findRegion(address?.region);
  const name = (place: { zh: string; en: string } | undefined) =>
    place ? nameIn(lang, place.zh, place.en) : "";
  const place = [name(region), name(district)].filter(Boolean).join(" ");
  return [t(lang, "staff.lead.residenceHK"), place].filter(Boolean).join(" · ");
}

export function babyText(lead: Pick<Lead, "baby">, lang: Lang): string {
  const baby = lead.baby;
  if (!baby) return t(lang, "staff.lead.noBaby");
  const date = formatYmd(baby.date);
  return t(lang, baby.status === "born" ? "staff.lead.babyBorn" : "staff.lead.babyExpecting", { date });
}

export function redemptionOf(lead: Pick<Lead, "redemptions">, kind: RedemptionKind): Redemption | undefined {
  return (lead.redemptions ?? []).find((r) => r.kind === kind);
}

/**
 * Who redeemed and when: `由 陳美玲（S001）於 2026年11月21日 14:05 兌換`, with the nutritionist's
 * name when the staff member recorded one (the note, which only staff read).
 */
export function redeemedByText(redemption: Redemption, lang: Lang): string {
  const staff = redemption.staff_name
    ? `${redemption.staff_name}（${redemption.staff_id}）`
    : redemption.staff_id;
  const nutritionist = (redemption.kind === "nutritionist" && redemption.note?.trim()) || "";
  return t(lang, nutritionist ? "staff.redemption.byWithNutritionist" : "staff.redemption.by", {
    staff: lang === "en" ? staff.replace("（", " (").replace("）", ")") : staff,
    at: formatHkDateTime(redemption.redeemed_at),
    nutritionist,
  });
}
