/**
 * Where the Address Lookup Service answers by default. A module of its own: the configuration
 * (in every element's first step) needs the address, not the lookup code of als.ts.
 */
export const ALS_DEFAULT_URL = "https://www.als.gov.hk/lookup";
