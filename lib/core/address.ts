/**
 * Address mapping (docs/rules.md#fields-and-formats): an ALS suggestion → the address form value, and the
 * form value → its English copy.
 */

import type { AlsBlock, AlsChiPremises, AlsEngPremises, AlsGeo, AlsStreet, AlsSuggestion } from "./als.ts";
import { hasBuilding } from "./building.ts";
import { containsChinese } from "./chinese.ts";
import { findDistrict, findRegion, findSubDistrict, regionOfDistrict } from "./lists/regions.ts";
import type { AddressEn, AddressValue } from "./types.ts";

export { containsChinese };

export type AddressLang = "zh" | "en";
export type RequiredAddressField = "region" | "district" | "building";

export function emptyAddress(): AddressValue {
  return {
    region: "",
    district: "",
    subDistrict: "",
    building: "",
    buildingEn: "",
    block: "",
    floor: "",
    room: "",
    street_en: "",
    street_zh: "",
    latitude: "",
    longitude: "",
    buildingLang: "",
  };
}

/** The fields marked required (docs/rules.md#fields-and-formats) that are still empty. */
export function addressMissing(v: AddressValue): RequiredAddressField[] {
  const missing: RequiredAddressField[] = [];
  if (!v.region) missing.push("region");
  if (!v.district) missing.push("district");
  if (!hasBuilding(v)) missing.push("building");
  return missing;
}

function premises(s: AlsSuggestion): { eng: AlsEngPremises; chi: AlsChiPremises } {
  const p = s.Address?.PremisesAddress ?? {};
  return { eng: p.EngPremisesAddress ?? {}, chi: p.ChiPremisesAddress ?? {} };
}

/** English block: descriptor first when the service says so (`BLK P`), else number first. */
function blockEn(block: AlsBlock | undefined): string {
  if (!block?.BlockNo && !block?.BlockDescriptor) return "";
  const no = block.BlockNo ?? "";
  const descriptor = block.BlockDescriptor ?? "";
  const parts = block.BlockDescriptorPrecedenceIndicator === "Y" ? [descriptor, no] : [no, descriptor];
  return parts.filter(Boolean).join(" ");
}

/** Chinese block: number then descriptor (`P座`). */
function blockZh(block: AlsBlock | undefined): string {
  return `${block?.BlockNo ?? ""}${block?.BlockDescriptor ?? ""}`;
}

const compact = (text: string) => text.replace(/\s+/g, "").toUpperCase();

/** The block, unless the building name already holds it (`HUNG YIU HOUSE (BLK 3)`, `紅曜樓(第3座)`). */
function blockOutsideName(name: string, block: string): string {
  return block && name && compact(name).includes(compact(block)) ? "" : block;
}

function numbers(street: AlsStreet): string {
  const from = street.BuildingNoFrom ?? "";
  const to = street.BuildingNoTo ?? "";
  return from && to ? `${from}-${to}` : from || to;
}

/** `6-10 SUN WUI ROAD`. */
function streetEn(street: AlsStreet | undefined): string {
  if (!street?.StreetName) return "";
  return [numbers(street), street.StreetName].filter(Boolean).join(" ");
}

/** `新會道6-10號` (Chinese puts the number after the street). */
function streetZh(street: AlsStreet | undefined): string {
  if (!street?.StreetName) return "";
  const no = numbers(street);
  return no ? `${street.StreetName}${no}號` : street.StreetName;
}

function geo(s: AlsSuggestion): AlsGeo {
  const info = s.Address?.PremisesAddress?.GeospatialInformation;
  return (Array.isArray(info) ? info[0] : info) ?? {};
}

/**
 * Place names an answer gives for its locality, most specific first: a LocationName, the part after
 * the comma of an English street or estate (`KING LING ROAD, TSEUNG KWAN O`) and the part before
 * the space of a Chinese one (`將軍澳 景嶺路`).
 */
function localityCandidates(eng: AlsEngPremises, chi: AlsChiPremises): string[] {
  const after = (text: string | undefined) =>
    text?.includes(",") ? text.slice(text.lastIndexOf(",") + 1) : "";
  const before = (text: string | undefined) =>
    text?.trim().includes(" ") ? text.trim().split(/\s+/)[0] : "";
  return [
    eng.EngStreet?.LocationName,
    chi.ChiStreet?.LocationName,
    eng.EngVillage?.LocationName,
    chi.ChiVillage?.LocationName,
    after(eng.EngStreet?.StreetName),
    before(chi.ChiStreet?.StreetName),
    after(eng.EngEstate?.EstateName),
    before(chi.ChiEstate?.EstateName),
  ]
    .map((c) => c?.trim() ?? "")
    .filter(Boolean);
}

function districtOf(eng: AlsEngPremises, chi: AlsChiPremises) {
  return findDistrict(eng.EngDistrict?.DcDistrict) ?? findDistrict(chi.ChiDistrict?.DcDistrict);
}

/**
 * Fills the address form from a picked suggestion. Both building names are filled; `buildingLang`
 * (and the language of `block`) follows the typed text: Chinese when it contains Chinese. The
 * sub-district is the district's area the answer's locality names, else '' (also when that area
 * belongs to another district). `keep` carries over what the service does not know (floor, room).
 */
export function mapSuggestion(
  s: AlsSuggestion,
  typedText: string,
  keep: Partial<Pick<AddressValue, "floor" | "room">> = {},
): AddressValue {
  const { eng, chi } = premises(s);
  const district = districtOf(eng, chi);
  const region =
    (district && regionOfDistrict(district.code)) ?? findRegion(eng.Region) ?? findRegion(chi.Region);
  const subDistrict = district
    ? (localityCandidates(eng, chi)
        .map((c) => findSubDistrict(district.code, c))
        .find(Boolean)?.id ?? "")
    : "";

  const buildingEn = (eng.BuildingName ?? eng.EngEstate?.EstateName ?? "").trim();
  const building = (chi.BuildingName ?? chi.ChiEstate?.EstateName ?? "").trim();
  let lang: AddressLang = containsChinese(typedText) ? "zh" : "en";
  if (lang === "zh" && !building && buildingEn) lang = "en";
  else if (lang === "en" && !buildingEn && building) lang = "zh";
  const block =
    lang === "zh"
      ? blockOutsideName(building, blockZh(chi.ChiBlock))
      : blockOutsideName(buildingEn, blockEn(eng.EngBlock));
  const point = geo(s);

  return {
    ...emptyAddress(),
    region: region?.code ?? "",
    district: district?.code ?? "",
    subDistrict,
    building,
    buildingEn,
    block,
    floor: keep.floor ?? "",
    room: keep.room ?? "",
    street_en: streetEn(eng.EngStreet),
    street_zh: streetZh(chi.ChiStreet),
    latitude: point.Latitude ?? "",
    longitude: point.Longitude ?? "",
    buildingLang: building || buildingEn ? lang : "",
  };
}

/** One line describing a suggestion in a list (big to small in Chinese, small to big in English). */
export function suggestionLabel(s: AlsSuggestion, lang: AddressLang | "zh-HK"): string {
  const { eng, chi } = premises(s);
  const district = districtOf(eng, chi);
  const hasZh = !!(chi.BuildingName || chi.ChiEstate || chi.ChiStreet);
  const hasEn = !!(eng.BuildingName || eng.EngEstate || eng.EngStreet);
  const useZh = lang === "en" ? hasZh && !hasEn : hasZh || !hasEn;
  if (useZh) {
    const name = chi.BuildingName ?? "";
    const estate = chi.ChiEstate?.EstateName ?? "";
    const parts = [district?.zh ?? "", streetZh(chi.ChiStreet), estate === name ? "" : estate, name];
    const block = blockOutsideName(name || estate, blockZh(chi.ChiBlock));
    return parts.filter(Boolean).join(" ") + block;
  }
  const name = eng.BuildingName ?? "";
  const estate = eng.EngEstate?.EstateName ?? "";
  return [blockOutsideName(name || estate, blockEn(eng.EngBlock)), name, estate === name ? "" : estate]
    .concat([streetEn(eng.EngStreet), district?.en.toUpperCase() ?? ""])
    .filter(Boolean)
    .join(", ");
}

/** `P座` / `第3座` → `BLK P` / `BLK 3` (the service writes 座 for both BLK and TOWER). */
function englishBlock(block: string): string {
  const m = /^第?\s*(.+?)\s*座$/.exec(block.trim());
  return m ? `BLK ${m[1]}` : block.trim();
}

/** The English copy of an address, with names instead of codes. */
export function toAddressEn(v: AddressValue): AddressEn {
  return {
    region: findRegion(v.region)?.en ?? "",
    district: findDistrict(v.district)?.en ?? "",
    subDistrict: (v.district && findSubDistrict(v.district, v.subDistrict)?.en) || "",
    building: v.buildingEn.trim() || v.building.trim(),
    block: englishBlock(v.block),
    floor: v.floor.trim(),
    room: v.room.trim(),
    street: v.street_en || v.street_zh,
  };
}
