/** How the review page writes the answers back to the customer. */
import { toAddressEn } from "../../core/address.ts";
import type { Lang } from "../../core/i18n/index.ts";
import { findDistrict, findRegion, findSubDistrict } from "../../core/lists/regions.ts";
import type { AddressValue } from "../../core/types.ts";

/** A Hong Kong address in the customer's language: 九龍 觀塘 淘大花園 P座 10樓 A室, or in English upper case. */
export function hkAddressText(address: AddressValue | null, lang: Lang): string {
  if (!address) return "";
  if (lang === "en") {
    const en = toAddressEn(address);
    const flat = [en.room && `FLAT ${en.room}`, en.floor && `${en.floor}/F`].filter(Boolean).join(", ");
    // Upper case throughout, as the address lookup and Hong Kong Post write English addresses
    // (our district names alone are title case).
    return [flat, en.block, en.building, en.street, en.subDistrict, en.district, en.region]
      .filter(Boolean)
      .join(", ")
      .toUpperCase();
  }
  const sub = address.district ? findSubDistrict(address.district, address.subDistrict) : undefined;
  return [
    findRegion(address.region)?.zh,
    findDistrict(address.district)?.zh,
    sub?.zh,
    address.street_zh,
    address.building || address.buildingEn,
    address.block,
    address.floor && `${address.floor}樓`,
    address.room && `${address.room}室`,
  ]
    .filter(Boolean)
    .join(" ");
}
