/**
 * Where the Address Lookup Service answers by default. A module of its own: the configuration
 * (in every element's first step) needs the address, not the lookup code of als.ts.
 */
export const ALS_DEFAULT_URL = "https://www.als.gov.hk/lookup";

/**
 * The response header in which the API server names the Address Lookup Service its pages use
 * (its `ALS_URL`): an element on another origin learns it from its first answer.
 */
export const ALS_URL_HEADER = "Nu-Forms-Als-Url";
