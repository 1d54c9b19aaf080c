import type { FlagKey } from "../core/storageKeys.ts";

/** Every value a staff sign-in stores (docs/rules.md#browser-storage); sign-out removes exactly these. */
export const STAFF_SESSION_KEYS = [
  "STAFF_ID",
  "Token",
  "STAFF_NAME",
  "STAFF_ROLE",
] as const satisfies readonly FlagKey[];
