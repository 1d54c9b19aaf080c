/**
 * How the staff tools show times and amounts. Counter staff work in Hong Kong, so times are shown in
 * Hong Kong time whatever the device's own time zone is, and dates as DD/MM/YYYY whatever its locale.
 */
import { hkDateTime, toEnGB } from "../core/dates.ts";

/** `2026-11-21T06:05:00Z` → `21/11/2026 14:05` (Hong Kong time, both languages); '' when unreadable. */
export function formatHkDateTime(iso: string | null | undefined): string {
  return hkDateTime(iso);
}

/** `YYYY-MM-DD` → `21/11/2026` (both languages); the text itself when it is not such a date. */
export function formatYmd(ymd: string | null | undefined): string {
  if (!ymd) return "";
  return toEnGB(ymd) || ymd;
}

/** An amount in Hong Kong dollars: `HK$1,234.50`. */
export function formatHkd(amount: number | string | null | undefined): string {
  const value = typeof amount === "string" ? Number(amount) : amount;
  if (value == null || !Number.isFinite(value)) return "";
  return `HK$${value.toLocaleString("en-HK", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
