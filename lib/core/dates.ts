/**
 * Date helpers. Dates travel as `YYYY-MM-DD` strings (calendar days, no time zone); the UI shows
 * them as `DD/MM/YYYY` (en-GB).
 *
 * Built on dayjs and its `utc` plugin. "Today" and a moment's Hong Kong time are read at the fixed
 * offset +08:00 (`utcOffset(480)`), not with the `timezone` plugin: Hong Kong has had no daylight
 * saving since 1979, and the plugin needs the Intl time-zone database, which small-ICU runtimes and
 * some embedded browsers lack (docs/hong-kong.md "Dates and Hong Kong time"). Calendar days are
 * parsed and moved in UTC mode, which has no daylight saving whatever the device's zone.
 */
import dayjs, { type Dayjs } from "dayjs";
import utc from "dayjs/plugin/utc.js";
import type { Lang } from "./i18n/translate.ts";

dayjs.extend(utc);

export const DEFAULT_DISPLAY_DATE = "01/01/1970";
export const YEAR_OPTION_COUNT = 8;
/** Hong Kong's offset from UTC in minutes, all year. */
export const HK_UTC_OFFSET_MIN = 8 * 60;
const YMD_FORMAT = "YYYY-MM-DD";
const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;
const EN_GB = /^(\d{2})\/(\d{2})\/(\d{4})$/;

export interface DateRange {
  /** First selectable day, YYYY-MM-DD. */
  min: string;
  /** Last selectable day, YYYY-MM-DD. The range is empty when min > max. */
  max: string;
}

/** True when `ymd` is a real calendar day written as YYYY-MM-DD (2026-02-31 is not). */
export function isValidYmd(ymd: string | null | undefined): ymd is string {
  // dayjs rolls 2026-02-31 over to 2026-03-03: a day is real when it formats back to itself.
  return !!ymd && YMD.test(ymd) && dayjs.utc(ymd).format(YMD_FORMAT) === ymd;
}

/** A `YYYY-MM-DD` calendar day as a dayjs value in UTC mode (no time zone can shift it). */
export const calendarDay = (ymd: string): Dayjs => dayjs.utc(ymd);

/** A moment in Hong Kong time. */
const inHongKong = (nowMs: number): Dayjs => dayjs(nowMs).utcOffset(HK_UTC_OFFSET_MIN);

/** The Hong Kong calendar day at `nowMs`, as YYYY-MM-DD. */
export function hkToday(nowMs: number = Date.now()): string {
  return inHongKong(nowMs).format(YMD_FORMAT);
}

/** `YYYY-MM-DD` + n days. */
export function addDays(ymd: string, days: number): string {
  if (!isValidYmd(ymd)) throw new RangeError(`addDays: expected YYYY-MM-DD, got "${ymd}"`);
  return dayjs.utc(ymd).add(days, "day").format(YMD_FORMAT);
}

/**
 * The last day a registration's gift can be redeemed (`YYYY-MM-DD`): its Hong Kong date plus the
 * offer's `valid_days`. The customer's page and the staff's redeem centre show the same day.
 */
export function lastRedemptionDay(registeredAt: string, validDays: number): string {
  return addDays(hkToday(Date.parse(registeredAt)), validDays);
}

/** `YYYY-MM-DD` → `DD/MM/YYYY`; '' for anything that is not a real day. */
export function toEnGB(ymd: string | null | undefined): string {
  return isValidYmd(ymd) ? dayjs.utc(ymd).format("DD/MM/YYYY") : "";
}

/** Strict `DD/MM/YYYY` → `YYYY-MM-DD`; null for other shapes and for days that do not exist. */
export function fromEnGB(text: string | null | undefined): string | null {
  const m = text ? EN_GB.exec(text.trim()) : null;
  if (!m) return null;
  const ymd = `${m[3]}-${m[2]}-${m[1]}`;
  return isValidYmd(ymd) ? ymd : null;
}

/** How a stored date is shown: `DD/MM/YYYY`; an empty value shows 01/01/1970 (docs/rules.md#fields-and-formats). */
export function displayDate(ymd: string | null | undefined): string {
  if (!ymd) return DEFAULT_DISPLAY_DATE;
  return toEnGB(ymd);
}

const MONTHS = "January February March April May June July August September October November December".split(
  " ",
);

/**
 * A day inside a sentence, as each language writes it: 2027年3月7日, 7 March 2027 (DD/MM/YYYY
 * reads either way outside Hong Kong); '' for anything that is not a real day.
 */
export function sentenceDate(ymd: string | null | undefined, lang: Lang): string {
  if (!isValidYmd(ymd)) return "";
  const [year, month, day] = ymd.split("-").map(Number);
  return lang === "en" ? `${day} ${MONTHS[month - 1]} ${year}` : `${year}年${month}月${day}日`;
}

/** The selectable days: today + minDays … today + maxDays (both included). */
export function calendarRange(today: string = hkToday(), minDays = 0, maxDays = 0): DateRange {
  if (!isValidYmd(today)) throw new RangeError(`calendarRange: today must be YYYY-MM-DD, got "${today}"`);
  return { min: addDays(today, minDays), max: addDays(today, maxDays) };
}

/** Whether a day may be chosen. Always false for an empty range or an invalid day. */
export function inRange(ymd: string | null | undefined, range: DateRange): boolean {
  // YYYY-MM-DD strings compare in calendar order.
  return isValidYmd(ymd) && range.min <= ymd && ymd <= range.max;
}

export function isEmptyRange(range: DateRange): boolean {
  return range.min > range.max;
}

/** The calendar's year list: 8 years ending at the max day's year, ascending. */
export function yearOptions(range: DateRange): number[] {
  const last = dayjs.utc(range.max).year();
  return Array.from({ length: YEAR_OPTION_COUNT }, (_, i) => last - YEAR_OPTION_COUNT + 1 + i);
}

/** A moment as Hong Kong people read it on a receipt: `21/11/2026 14:05` (Hong Kong time); '' if unreadable. */
export function hkDateTime(iso: string | number | null | undefined): string {
  if (iso === null || iso === undefined || iso === "") return "";
  const ms = typeof iso === "number" ? iso : Date.parse(iso);
  if (Number.isNaN(ms)) return "";
  return inHongKong(ms).format("DD/MM/YYYY HH:mm");
}
