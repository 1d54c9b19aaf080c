import { NUFORM_STEPS } from "../../core/routes.ts";
import { ENTRY_STEP } from "../shared/stepPaths.ts";

/** Every step of nuForm: the entry (`login`) and the routes of docs/rules.md#routes. */
export const NUFORM_FLOW_STEPS: readonly string[] = [ENTRY_STEP, ...NUFORM_STEPS];

/** The numbered steps as the customer sees them (one number for each variant of a page). */
export const NUFORM_PROGRESS: readonly (readonly string[])[] = [
  [ENTRY_STEP],
  ["personInfoHK", "personInfoCN"],
  ["TnCNew", "TnCExisting", "TnCPartnership"],
  ["product"],
  ["memberRedemption"],
];

export const NUFORM_TERMS_STEP = {
  new: "TnCNew",
  existing: "TnCExisting",
  partnership: "TnCPartnership",
} as const;
