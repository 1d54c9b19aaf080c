import { RECRUITMENT_STEPS } from "../../core/routes.ts";
import { ENTRY_STEP } from "../shared/stepPaths.ts";

/** Every step of the recruitment form: the entry (`login`) and the routes of docs/rules.md#routes. */
export const RECRUITMENT_FLOW_STEPS: readonly string[] = [ENTRY_STEP, ...RECRUITMENT_STEPS];

/**
 * The order the customer goes through. The lead is created when leaving lookingForward (the
 * review page), because the guard lets an inserted customer reach nothing but memberRedemption.
 */
export const RECRUITMENT_ORDER = [
  ENTRY_STEP,
  "personInfo",
  "termsAndConditions",
  "cooperativePartner",
  "babyInfo",
  "lookingForward",
  "memberRedemption",
] as const;

export const RECRUITMENT_PROGRESS: readonly (readonly string[])[] = RECRUITMENT_ORDER.map((step) => [step]);
