/**
 * The Hong Kong Address Lookup Service (ALS): request rules of docs/rules.md#fields-and-formats and the answer's shape
 * (fixtures/als/SCHEMA.md). Absent parts are omitted by the service, never null.
 */
import { ALS_DEFAULT_URL } from "./alsUrl.ts";

export { ALS_DEFAULT_URL };
export const ALS_SUGGESTION_COUNT = 20;
export const ALS_DEBOUNCE_MS = 400;
/** A lookup not answered by then is said to be slow, with the manual path offered. */
export const ALS_SLOW_MS = 3000;
/** A lookup not answered by then counts as the service being unavailable. */
export const ALS_TIMEOUT_MS = 8000;
/** A lookup runs only when the building text is longer than 1 character. */
export const ALS_MIN_CHARS = 2;

export interface AlsBlock {
  BlockDescriptor?: string;
  BlockNo?: string;
  /** "Y": descriptor before number (`BLK A`). Only the English side carries it. */
  BlockDescriptorPrecedenceIndicator?: string;
}

export interface AlsStreet {
  StreetName?: string;
  BuildingNoFrom?: string;
  BuildingNoTo?: string;
  LocationName?: string;
}

export interface AlsEstate {
  EstateName?: string;
}

export interface AlsEngPremises {
  EngBlock?: AlsBlock;
  BuildingName?: string;
  EngEstate?: AlsEstate;
  EngVillage?: { VillageName?: string; LocationName?: string };
  EngStreet?: AlsStreet;
  EngDistrict?: { DcDistrict?: string };
  Region?: string;
}

export interface AlsChiPremises {
  ChiBlock?: AlsBlock;
  BuildingName?: string;
  ChiEstate?: AlsEstate;
  ChiVillage?: { VillageName?: string; LocationName?: string };
  ChiStreet?: AlsStreet;
  ChiDistrict?: { DcDistrict?: string };
  Region?: string;
}

export interface AlsGeo {
  Northing?: string;
  Easting?: string;
  Latitude?: string;
  Longitude?: string;
}

export interface AlsSuggestion {
  Address: {
    PremisesAddress: {
      EngPremisesAddress?: AlsEngPremises;
      ChiPremisesAddress?: AlsChiPremises;
      GeoAddress?: string;
      GeospatialInformation?: AlsGeo | AlsGeo[];
    };
  };
  ValidationInformation?: { Score?: number; ValidationTime?: null };
}

export interface AlsResponse {
  RequestAddress?: { AddressLine?: string[] };
  SuggestedAddress?: AlsSuggestion[];
}

/** Whether the typed building text is long enough to look up. */
export function shouldLookup(text: string): boolean {
  return text.trim().length >= ALS_MIN_CHARS;
}

/** URL and headers of a lookup: `q` = the text, `n` = 20, JSON in English and Traditional Chinese. */
export function alsRequest(
  text: string,
  alsUrl: string = ALS_DEFAULT_URL,
): { url: string; headers: Record<string, string> } {
  const params = new URLSearchParams({ q: text.trim(), n: String(ALS_SUGGESTION_COUNT) });
  const joiner = alsUrl.includes("?") ? "&" : "?";
  return {
    url: `${alsUrl}${joiner}${params}`,
    headers: { Accept: "application/json", "Accept-Language": "en,zh-Hant" },
  };
}

/** The suggestions of an answer; anything unexpected reads as no suggestions. */
export function alsSuggestions(answer: unknown): AlsSuggestion[] {
  const list = (answer as AlsResponse | null)?.SuggestedAddress;
  return Array.isArray(list) ? list.filter((s) => s?.Address?.PremisesAddress) : [];
}
