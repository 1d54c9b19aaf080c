import type { DistrictCode, RegionCode } from "../types.ts";

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
