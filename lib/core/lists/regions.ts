import { REGIONS_DATA } from "./regions.data.ts";
import type { District, DistrictCode, Region, RegionCode, SubDistrict } from "./regionTypes.ts";

export type { District, Region, SubDistrict } from "./regionTypes.ts";

/** 香港 / 九龍 / 新界 with their 18 districts and each district's Hongkong Post areas. */
export const REGIONS: readonly Region[] = REGIONS_DATA;

const ALL_DISTRICTS: readonly District[] = REGIONS.flatMap((r) => r.districts);
const REGION_OF_DISTRICT = new Map<DistrictCode, Region>(
  REGIONS.flatMap((r) => r.districts.map((d) => [d.code, r] as const)),
);

/**
 * Comparison key for names in either language: upper case, `&` read as AND, a trailing
 * "DISTRICT"/區 dropped, and everything but letters, digits and CJK removed
 * ("KOWLOON CITY DISTRICT", "Kowloon City", "九龍城區" and "九龍城" all match).
 */
function nameKey(text: string): string {
  return text
    .normalize("NFKC")
    .toUpperCase()
    .replace(/&/g, " AND ")
    .trim()
    .replace(/\s+DISTRICT$/, "")
    .replace(/區$/, "")
    .replace(/[^\p{L}\p{N}]/gu, "");
}

const REGION_ALIASES: Record<RegionCode, readonly string[]> = {
  HK: ["Hong Kong Island", "港島", "香港島"],
  KLN: [],
  NT: [],
};

/** Finds a region by code (`KLN`), Chinese name (`九龍`) or English name (`Kowloon`). */
export function findRegion(codeOrName: string | null | undefined): Region | undefined {
  if (!codeOrName) return undefined;
  const key = nameKey(codeOrName);
  if (!key) return undefined;
  return REGIONS.find((r) =>
    [r.code, r.zh, r.en, ...REGION_ALIASES[r.code]].some((name) => nameKey(name) === key),
  );
}

/**
 * Finds a district by its ALS code (`YTM`, old endpoint), its full ALS name
 * (`KOWLOON CITY DISTRICT` / `九龍城區`, new endpoint) or its plain name (`Kowloon City`).
 */
export function findDistrict(codeOrName: string | null | undefined): District | undefined {
  if (!codeOrName) return undefined;
  const key = nameKey(codeOrName);
  if (!key) return undefined;
  return ALL_DISTRICTS.find((d) => [d.code, d.zh, d.en].some((name) => nameKey(name) === key));
}

/** The region a district belongs to. */
export function regionOfDistrict(code: DistrictCode | string): Region | undefined {
  return REGION_OF_DISTRICT.get(code as DistrictCode);
}

export function districtsOf(regionCode: RegionCode | string): readonly District[] {
  return REGIONS.find((r) => r.code === regionCode)?.districts ?? [];
}

export function subDistrictsOf(districtCode: DistrictCode | string): readonly SubDistrict[] {
  return ALL_DISTRICTS.find((d) => d.code === districtCode)?.subDistricts ?? [];
}

/**
 * The names an area answers to. Hongkong Post names some areas "PLACE - LOCALITY" (沙田火炭);
 * addresses name only the locality ("FO TAN", 火炭), so that part is an alias too.
 */
function subDistrictNames(s: SubDistrict, siblings: readonly SubDistrict[]): string[] {
  const names = [s.id, s.en, s.zh];
  const dash = s.en.indexOf(" - ");
  if (dash > 0) {
    names.push(s.en.slice(dash + 3));
    const place = siblings.find((o) => o.en === s.en.slice(0, dash));
    if (place && s.zh.startsWith(place.zh) && s.zh.length > place.zh.length) {
      names.push(s.zh.slice(place.zh.length));
    }
  }
  return names;
}

/**
 * Finds an area among one district's areas by id, English or Chinese name (or the locality part
 * of a "PLACE - LOCALITY" area). An area of another district is not found.
 */
export function findSubDistrict(
  districtCode: DistrictCode | string,
  idOrName: string | null | undefined,
): SubDistrict | undefined {
  if (!idOrName) return undefined;
  const trimmed = idOrName.trim();
  const key = nameKey(trimmed);
  if (!key) return undefined;
  const list = subDistrictsOf(districtCode);
  return (
    list.find((s) => s.id === trimmed) ??
    list.find((s) => subDistrictNames(s, list).some((name) => nameKey(name) === key))
  );
}
