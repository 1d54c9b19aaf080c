import { calendarRange, hkToday, inRange } from "../../core/dates.ts";
import { RECRUITMENT_STEPS } from "../../core/routes.ts";
import type { BabyInfo } from "../../core/types.ts";
import { ENTRY_STEP } from "../shared/stepPaths.ts";

/** Every step of the recruitment form: the entry (`login`) and the routes of SPEC §2. */
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

/** Baby's date: a due date from today up to 40 weeks ahead, or a birth date up to 3 years back. */
export const BABY_DATE_DAYS = {
  expecting: { minDays: 0, maxDays: 280 },
  born: { minDays: -3 * 365, maxDays: 0 },
} as const;

/** Whether a day fits the date rule of the baby's status (the same range the calendar offers). */
export function babyDateInRange(status: BabyInfo["status"], ymd: string, today: string = hkToday()): boolean {
  const days = BABY_DATE_DAYS[status];
  return inRange(ymd, calendarRange(today, days.minDays, days.maxDays));
}
