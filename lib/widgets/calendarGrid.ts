/**
 * The month grid of the date picker and the moves of its keyboard focus. Days are `YYYY-MM-DD`
 * strings, read as dayjs calendar days in UTC mode (lib/core/dates.ts), so no time zone can shift a day.
 */
import { addDays, calendarDay } from "../core/dates.ts";

export interface MonthView {
  year: number;
  /** 1–12 */
  month: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

export function ymdOf(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

export function daysInMonth(year: number, month: number): number {
  return calendarDay(ymdOf(year, month, 1)).daysInMonth();
}

export function viewOf(ymd: string): MonthView {
  const [year, month] = ymd.split("-").map(Number);
  return { year, month };
}

/** Weeks of a month, Sunday first (as Hong Kong calendars print them); null pads the edges. */
export function monthWeeks({ year, month }: MonthView): Array<Array<string | null>> {
  const first = calendarDay(ymdOf(year, month, 1)).day();
  const cells: Array<string | null> = Array.from({ length: first }, () => null);
  for (let day = 1; day <= daysInMonth(year, month); day++) cells.push(ymdOf(year, month, day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<string | null>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Same day of another month, clamped to that month's length (31 Jan + 1 month → 28/29 Feb). */
export function addMonthsTo(ymd: string, months: number): string {
  // dayjs keeps the day of the month and clamps it to the new month's length.
  return calendarDay(ymd).add(months, "month").format("YYYY-MM-DD");
}

/** The day in `view` with the same day-of-month as `ymd` (clamped). */
export function sameDayIn(ymd: string, view: MonthView): string {
  const day = Number(ymd.slice(8, 10));
  return ymdOf(view.year, view.month, Math.min(day, daysInMonth(view.year, view.month)));
}

export type GridKey =
  | "ArrowLeft"
  | "ArrowRight"
  | "ArrowUp"
  | "ArrowDown"
  | "Home"
  | "End"
  | "PageUp"
  | "PageDown";

/** Where the focus goes from `ymd` for a key of the grid (APG date picker dialog). */
export function moveFocus(ymd: string, key: GridKey, shift = false): string {
  switch (key) {
    case "ArrowLeft":
      return addDays(ymd, -1);
    case "ArrowRight":
      return addDays(ymd, 1);
    case "ArrowUp":
      return addDays(ymd, -7);
    case "ArrowDown":
      return addDays(ymd, 7);
    case "Home":
      return addDays(ymd, -calendarDay(ymd).day());
    case "End":
      return addDays(ymd, 6 - calendarDay(ymd).day());
    case "PageUp":
      return addMonthsTo(ymd, shift ? -12 : -1);
    case "PageDown":
      return addMonthsTo(ymd, shift ? 12 : 1);
  }
}

/** `ymd` kept inside [first, last] (both YYYY-MM-DD). */
export function clampDay(ymd: string, first: string, last: string): string {
  if (ymd < first) return first;
  if (ymd > last) return last;
  return ymd;
}

/**
 * The days the month buttons and PageUp/PageDown keep to: the selectable range, within the year
 * list's [first, last]; the whole list when nothing can be chosen.
 */
export function navBounds(
  range: { min: string; max: string },
  first: string,
  last: string,
): { first: string; last: string } {
  if (range.min > range.max) return { first, last };
  return { first: range.min > first ? range.min : first, last: range.max < last ? range.max : last };
}

/**
 * Whether a month (YYYY-MM-DD of any day in it, or YYYY-MM) has a day within `bounds`: the year
 * and month lists offer only those (the SPEC's 8 years stay listed, the others disabled).
 */
export function monthInBounds(month: string, bounds: { first: string; last: string }): boolean {
  const m = month.slice(0, 7);
  return bounds.first.slice(0, 7) <= m && m <= bounds.last.slice(0, 7);
}

/** The month nearest to `view` that has a day within `bounds` (a year picked keeps its month if it can). */
export function clampView(view: MonthView, bounds: { first: string; last: string }): MonthView {
  const m = ymdOf(view.year, view.month, 1).slice(0, 7);
  if (m < bounds.first.slice(0, 7)) return viewOf(bounds.first);
  if (m > bounds.last.slice(0, 7)) return viewOf(bounds.last);
  return view;
}

/**
 * The day a calendar opens on: the chosen day; else today when it can be chosen; else the
 * selectable day nearest to today (the first of a future range, the last of a past one).
 */
export function openingDay(
  today: string,
  range: { min: string; max: string },
  chosen: string | null,
): string {
  if (chosen) return chosen;
  if (range.min > range.max) return today;
  return clampDay(today, range.min, range.max);
}
