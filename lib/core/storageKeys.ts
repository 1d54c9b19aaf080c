/**
 * Browser-stored keys of docs/rules.md#browser-storage, spelled exactly as the product stores them (guards, hosts and
 * tests read `localStorage` directly, so there is no prefix). `RECTUITMENTFORM` is the product's
 * own spelling. `CUSTOMER_TOKEN` is the customer token of docs/api.md.
 */
export const FLAG_KEYS = [
  "isAuthenticatedRe",
  "isAuthenticated",
  "IsSelectedNUProduct",
  "isInserted",
  "RECTUITMENTFORM",
  "redirect_url",
  "STAFF_ID",
  "Token",
  "STAFF_NAME",
  "STAFF_ROLE",
  "CUSTOMER_TOKEN",
] as const;

export type FlagKey = (typeof FLAG_KEYS)[number];
export type Flags = Partial<Record<FlagKey, string>>;

/** The value a boolean flag holds when it is set. */
export const FLAG_TRUE = "true";

/** A flag is "set" only when it holds exactly `'true'`. */
export function isFlagSet(flags: Flags, key: FlagKey): boolean {
  return flags[key] === FLAG_TRUE;
}

export function isFlagKey(value: string): value is FlagKey {
  return (FLAG_KEYS as readonly string[]).includes(value);
}

/** The customer sign-in flags that a global maintenance clears (docs/rules.md#maintenance). */
export const SIGN_IN_FLAG_KEYS = [
  "isAuthenticated",
  "isAuthenticatedRe",
  "CUSTOMER_TOKEN",
  "isInserted",
  "IsSelectedNUProduct",
  "RECTUITMENTFORM",
] as const satisfies readonly FlagKey[];

/** Address hints kept locally by the address selector (docs/rules.md#fields-and-formats), cleared by its clear control. */
export const ADDRESS_HINT_KEYS = {
  streetEn: "street_en",
  streetZh: "street_zh",
  latitude: "latitude",
  longitude: "longitude",
  showChineseBuilding: "show_building_zh",
  showEnglishBuilding: "show_building_en",
} as const;

export type AddressHintKey = (typeof ADDRESS_HINT_KEYS)[keyof typeof ADDRESS_HINT_KEYS];

/** localStorage key prefix of what a flow remembers of its customer (lib/flows/shared/flowSession.ts). */
export const flowSessionPrefix = (flow: string): string => `nu-flow:${flow}:`;

/** sessionStorage key prefix of a flow's draft (`nu-draft:<flow>`). */
export const DRAFT_KEY_PREFIX = "nu-draft:";
