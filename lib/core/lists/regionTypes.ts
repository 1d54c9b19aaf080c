import type { REGIONS_DATA, SubDistrict } from "./regions.data.ts";

export type { SubDistrict } from "./regions.data.ts";

/** The three regions' codes (`HK`, `KLN`, `NT`), as the generated list has them. */
export type RegionCode = (typeof REGIONS_DATA)[number]["code"];
/** The 18 District Council districts, as the old ALS endpoint codes them (`CW` … `ILD`). */
export type DistrictCode = (typeof REGIONS_DATA)[number]["districts"][number]["code"];

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
