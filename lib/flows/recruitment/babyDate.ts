/**
 * The baby's date rule. Not in steps.ts: the first step imports that one, and this rule needs
 * the date helpers (lib/core/dates.ts), which the sign-in step does not.
 */
import { calendarRange, hkToday, inRange } from "../../core/dates.ts";
import type { BabyInfo } from "../../core/types.ts";

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
