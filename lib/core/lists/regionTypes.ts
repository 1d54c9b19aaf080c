import type { REGIONS_DATA } from "./regions.data.ts";

/** The three regions' codes (`HK`, `KLN`, `NT`), as the generated list has them. */
export type RegionCode = (typeof REGIONS_DATA)[number]["code"];
/** The 18 District Council districts, as the old ALS endpoint codes them (`CW` … `ILD`). */
export type DistrictCode = (typeof REGIONS_DATA)[number]["districts"][number]["code"];

/** A Hongkong Post area (the address selector's 分區); `id` is Hongkong Post's own area value. */
export interface SubDistrict {
  id: string;
  zh: string;
  en: string;
}

export interface District {
  code: DistrictCode;
  zh: string;
  en: string;
  subDistricts: readonly SubDistrict[];
}

export interface Region {
  code: RegionCode;
  zh: string;
  en: string;
  districts: readonly District[];
}

/** The shape build/regions.ts writes regions.data.ts in (codes are read from it). */
export interface RegionData {
  code: string;
  zh: string;
  en: string;
  districts: readonly { code: string; zh: string; en: string; subDistricts: readonly SubDistrict[] }[];
}
