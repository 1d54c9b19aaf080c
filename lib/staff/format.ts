/**
 * How the staff tools show times and amounts. Counter staff work in Hong Kong, so times are shown in
 * Hong Kong time whatever the device's own time zone is.
 */
import type { Lang } from "../core/i18n/index.ts";

const HK_TIME_ZONE = "Asia/Hong_Kong";

const numericParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: HK_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

const englishFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: HK_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** `2026-11-21T06:05:00Z` → `2026年11月21日 14:05` (zh-HK) or `21 Nov 2026, 14:05` (en); '' when unreadable. */
export function formatHkDateTime(iso: string | null | undefined, lang: Lang): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  if (lang === "en") return englishFormat.format(date);
  const parts = Object.fromEntries(numericParts.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}年${parts.month}月${parts.day}日 ${parts.hour}:${parts.minute}`;
}

/** `YYYY-MM-DD` → `2026年11月21日` / `21 Nov 2026`; the text itself when it is not such a date. */
export function formatYmd(ymd: string | null | undefined, lang: Lang): string {
  if (!ymd) return "";
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!match) return ymd;
  const [, y, m, d] = match;
  if (lang === "en") {
    const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
    return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", dateStyle: "medium" }).format(date);
  }
  return `${Number(y)}年${Number(m)}月${Number(d)}日`;
}

/** An amount in Hong Kong dollars: `HK$1,234.50`. */
export function formatHkd(amount: number | string | null | undefined): string {
  const value = typeof amount === "string" ? Number(amount) : amount;
  if (value == null || !Number.isFinite(value)) return "";
  return `HK$${value.toLocaleString("en-HK", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
