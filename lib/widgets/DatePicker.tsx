import { type KeyboardEvent, type RefObject, useLayoutEffect, useRef, useState } from "react";
import {
  calendarRange,
  type DateRange,
  fromEnGB,
  hkToday,
  inRange,
  isValidYmd,
  toEnGB,
  yearOptions,
} from "../core/dates.ts";
import { dateTexts } from "../core/i18n/widgets/date.ts";
import { dialogTexts } from "../core/i18n/widgets/dialog.ts";
import { baseSheet } from "../ui/base.ts";
import { dialogSheet, useModalDialog, useOutsideClose } from "../ui/dialog.ts";
import { describedBy, FieldError, FieldLabel } from "../ui/form/Field.tsx";
import { useIds } from "../ui/ids.ts";
import { sheet, useStyles } from "../ui/styles.ts";
import { focusRing, space, token } from "../ui/theme.ts";
import { useEmit } from "../ui/useEmit.ts";
import { useHostState } from "../ui/useHostState.ts";
import type { Translate } from "../ui/useT.ts";
import { useWidgetT } from "../ui/useWidgetT.ts";
import {
  addMonthsTo,
  clampDay,
  clampView,
  type GridKey,
  type MonthView,
  monthInBounds,
  monthWeeks,
  moveFocus,
  navBounds,
  openingDay,
  sameDayIn,
  viewOf,
  ymdOf,
} from "./calendarGrid.ts";

/** Props of `<nu-date-picker>`: documented once, in lib/elements/widgets.docs.ts. */
export interface DatePickerProps {
  label?: string;
  value?: string;
  name?: string;
  minDays?: number;
  maxDays?: number;
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  error?: string;
  lang?: string;
  onNuChange?: (detail: { value: string }) => void;
  onNuConfirm?: (detail: { value: string }) => void;
  onNuCancel?: (detail: Record<string, never>) => void;
}

const GRID_KEYS = new Set<string>([
  "ArrowLeft",
  "ArrowRight",
  "ArrowUp",
  "ArrowDown",
  "Home",
  "End",
  "PageUp",
  "PageDown",
]);

const datePickerSheet = sheet(`
.nu-date-field {
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space(1)};
  text-align: start;
  cursor: pointer;
}
.nu-date-field[data-empty="true"] .nu-date-text { color: ${token("color-muted")}; }
.nu-date-field svg { flex: none; width: 1.25em; height: 1.25em; color: ${token("color-primary")}; }
.nu-calendar { width: min(calc(100vw - 16px), 400px); }
.nu-calendar .nu-dialog-box { padding: ${space(2)}; gap: ${space(1.5)}; }
.nu-cal-nav { display: grid; grid-template-columns: 44px minmax(0, 1fr) minmax(0, 1.4fr) 44px; gap: ${space(1)}; align-items: center; }
.nu-cal-nav .nu-control { min-height: 44px; padding-block: ${space(0.75)}; min-width: 0; }
/* Narrower arrow room than other dropdowns, so "2026年" and "11月" fit on a 320 px phone. */
.nu-cal-nav select.nu-control {
  padding-inline: ${space(1)} 24px;
  background-position: calc(100% - 15px) 50%, calc(100% - 9px) 50%;
}
@media (max-width: 360px) {
  .nu-cal-nav { gap: ${space(0.5)}; }
  .nu-cal-nav select.nu-control { font-size: 0.9375em; padding-inline-start: ${space(0.75)}; }
}
.nu-cal-step {
  display: inline-flex; align-items: center; justify-content: center;
  width: 44px; height: 44px; padding: 0;
  border: 1px solid ${token("color-border")}; border-radius: ${token("radius")};
  background: ${token("color-surface")}; color: ${token("color-text")};
  cursor: pointer; outline: none;
}
.nu-cal-step:focus-visible { ${focusRing} border-color: ${token("color-primary")}; }
.nu-cal-step[aria-disabled="true"] { opacity: 0.4; cursor: not-allowed; }
.nu-cal-step svg { width: 1.1em; height: 1.1em; }
.nu-cal-grid { width: 100%; border-collapse: collapse; table-layout: fixed; }
.nu-cal-grid th { padding: ${space(0.5)} 0; font-size: 0.875em; font-weight: 600; color: ${token("color-muted")}; text-align: center; }
.nu-cal-grid td { padding: 2px; text-align: center; }
.nu-cal-day {
  display: inline-flex; align-items: center; justify-content: center;
  width: 100%; max-width: 48px; aspect-ratio: 1; min-height: 40px;
  padding: 0; border: 1px solid transparent; border-radius: 50%;
  background: transparent; color: ${token("color-text")};
  cursor: pointer; outline: none; font-variant-numeric: tabular-nums;
}
/* Only where a pointer really hovers: a tapped day keeps :hover on a phone, and the chosen day's
   look must win over it in every state (docs/widgets.md). */
@media (hover: hover) {
  .nu-cal-day:hover:not([aria-disabled="true"]):not([aria-pressed="true"]) {
    background: ${token("color-background")}; border-color: ${token("color-border")};
  }
}
.nu-cal-day:focus-visible { ${focusRing} border-color: ${token("color-primary")}; }
.nu-cal-day[aria-current="date"] { border-color: ${token("color-primary")}; font-weight: 700; }
.nu-cal-day[aria-disabled="true"] { color: ${token("color-muted")}; opacity: 0.55; text-decoration: line-through; cursor: not-allowed; }
.nu-cal-day[aria-pressed="true"] {
  background: ${token("color-primary")}; border-color: ${token("color-primary")};
  color: ${token("color-primary-contrast")}; font-weight: 700;
}
@media (forced-colors: active) {
  .nu-cal-day[aria-pressed="true"] { forced-color-adjust: none; background: Highlight; border-color: Highlight; color: HighlightText; }
  .nu-cal-day:focus-visible { outline-color: CanvasText; }
}
.nu-cal-summary { display: flex; flex-direction: column; gap: 2px; font-size: 0.9375em; }
.nu-cal-summary .nu-hint { font-size: 0.875em; }
`);

interface CalendarState {
  today: string;
  range: DateRange;
  years: number[];
  view: MonthView;
  focus: string;
  chosen: string | null;
}

/** The value as the field shows it: DD/MM/YYYY, also from a YYYY-MM-DD day; anything else as given. */
function asEnGB(value: string | undefined): string {
  return isValidYmd(value) ? toEnGB(value) : (value ?? "");
}

function openState(value: string, minDays: number, maxDays: number): CalendarState {
  const today = hkToday();
  const range = calendarRange(today, minDays, maxDays);
  const years = yearOptions(range);
  const first = ymdOf(years[0], 1, 1);
  const last = ymdOf(years[years.length - 1], 12, 31);
  const chosen = fromEnGB(value);
  const start = clampDay(openingDay(today, range, chosen), first, last);
  return { today, range, years, view: viewOf(start), focus: start, chosen };
}

/**
 * A date field that opens a calendar dialog: month and year pickers and a day grid where only
 * today + minDays … today + maxDays (Hong Kong days) can be chosen. 確定 emits `nu-confirm` and
 * `nu-change` with DD/MM/YYYY and closes; 取消 or Escape emits `nu-cancel` and closes.
 */
export function DatePicker(props: DatePickerProps) {
  const { name, disabled, required, error, lang } = props;
  const minDays = Number.isFinite(props.minDays) ? Math.trunc(props.minDays as number) : 0;
  const maxDays = Number.isFinite(props.maxDays) ? Math.trunc(props.maxDays as number) : 0;
  const ref = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  const styles = useStyles(ref, baseSheet, dialogSheet, datePickerSheet);
  const t = useWidgetT(lang, dateTexts, dialogTexts);
  const emit = useEmit(ref, props);
  const ids = useIds("label", "field", "required", "error", "title", "month", "year", "grid", "summary");
  // docs/elements.md: the value is DD/MM/YYYY; a stored YYYY-MM-DD (a lead's own dates) is shown the same way.
  const [value, , commit] = useHostState(ref, "value", asEnGB(props.value));
  const [open, setOpen] = useState(false);
  const [cal, setCal] = useState<CalendarState | null>(null);
  const focusGrid = useRef(false);

  // The events go out as the dialog closes (before its asynchronous `close` event), so a page
  // that sees the dialog gone has already received them.
  const settled = useRef(false);
  const settle = (reason: "confirm" | "cancel") => {
    if (settled.current) return;
    settled.current = true;
    if (reason === "cancel") {
      emit("nu-cancel", {});
      return;
    }
    const chosen = cal?.chosen && inRange(cal.chosen, cal.range) ? toEnGB(cal.chosen) : "";
    if (!chosen) return;
    commit(chosen);
    emit("nu-confirm", { value: chosen });
    emit("nu-change", { value: chosen });
  };

  useModalDialog(dialogRef, open, (reason) => {
    setOpen(false);
    // Escape or a tap outside without a `cancel` event first (browsers skip it without user activation).
    if (reason !== null) settle(reason === "confirm" ? "confirm" : "cancel");
  });

  useOutsideClose(dialogRef, () => {
    settle("cancel");
    dialogRef.current?.close();
  });

  // Focus starts on the opening day (openingDay), and follows the keyboard in the grid.
  useLayoutEffect(() => {
    if (!open || !focusGrid.current) return;
    focusGrid.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  });

  const openCalendar = () => {
    if (disabled) return;
    setCal(openState(value, minDays, maxDays));
    settled.current = false;
    focusGrid.current = true;
    setOpen(true);
  };

  const shown = fromEnGB(value) ? value : "";

  return (
    <div ref={ref} className="nu-root nu-field" part="field">
      {styles}
      <FieldLabel as="span" id={ids.label} required={required}>
        {props.label || t("widgets.date.label")}
      </FieldLabel>
      <button
        type="button"
        id={ids.field}
        className="nu-control nu-date-field"
        part="input date-field"
        data-empty={!shown}
        disabled={disabled}
        aria-haspopup="dialog"
        aria-labelledby={`${ids.label} ${ids.field}`}
        aria-invalid={error ? true : undefined}
        // A button cannot be aria-required: the description says it (the label's * is aria-hidden).
        aria-describedby={describedBy(required && ids.required, error && ids.error)}
        onClick={openCalendar}
      >
        <span className="nu-date-text">{shown || props.placeholder || t("widgets.date.placeholder")}</span>
        <CalendarIcon />
      </button>
      {required ? (
        <span id={ids.required} hidden>
          {t("widgets.required")}
        </span>
      ) : null}
      {name ? <input type="hidden" name={name} value={shown} /> : null}
      <FieldError id={ids.error} message={error} />
      <dialog
        ref={dialogRef}
        className="nu-dialog nu-calendar"
        part="dialog calendar"
        aria-labelledby={ids.title}
        // A tap outside the calendar cancels, like Escape (light dismiss; not in React's types yet;
        // useOutsideClose where the browser ignores it).
        {...{ closedby: "any" }}
        onCancel={() => settle("cancel")}
      >
        {cal ? (
          <Calendar
            t={t}
            ids={ids}
            cal={cal}
            setCal={(update) => setCal((current) => (current ? update(current) : current))}
            focusGrid={() => {
              focusGrid.current = true;
            }}
            gridRef={gridRef}
            close={(reason) => {
              settle(reason);
              dialogRef.current?.close(reason);
            }}
          />
        ) : null}
      </dialog>
    </div>
  );
}

interface CalendarProps {
  t: Translate<keyof typeof dateTexts.en | keyof typeof dialogTexts.en>;
  ids: Record<"title" | "month" | "year" | "grid" | "summary", string>;
  cal: CalendarState;
  setCal: (update: (current: CalendarState) => CalendarState) => void;
  focusGrid: () => void;
  gridRef: RefObject<HTMLTableElement | null>;
  close: (reason: "confirm" | "cancel") => void;
}

function Calendar({ t, ids, cal, setCal, focusGrid, gridRef, close }: CalendarProps) {
  const { today, range, years, view, focus, chosen } = cal;
  const first = ymdOf(years[0], 1, 1);
  const last = ymdOf(years[years.length - 1], 12, 31);
  const weekdays = t("widgets.date.weekdaysShort").split(",");
  const weekdayNames = t("widgets.date.weekdaysLong").split(",");
  const monthNames = t("widgets.date.monthNames").split(",");
  const dayLabel = (ymd: string) => {
    const [year, month, day] = ymd.split("-").map(Number);
    return t("widgets.date.dayLabel", { year, month, monthName: monthNames[month - 1], day });
  };
  const canConfirm = chosen !== null && inRange(chosen, range);
  // No month before the first selectable day's, or after the last's (YYYY-MM compares as text).
  const bounds = navBounds(range, first, last);
  const shown = ymdOf(view.year, view.month, 1).slice(0, 7);
  const atStart = shown <= bounds.first.slice(0, 7);
  const atEnd = shown >= bounds.last.slice(0, 7);

  const showView = (picked: MonthView) => {
    const next = clampView(picked, bounds);
    setCal((c) => ({ ...c, view: next, focus: clampDay(sameDayIn(c.focus, next), first, last) }));
  };
  const stepMonth = (delta: number) => {
    if (delta < 0 ? atStart : atEnd) return; // aria-disabled: still focusable, so still clickable
    showView(viewOf(addMonthsTo(ymdOf(view.year, view.month, 1), delta)));
  };

  const onGridKey = (event: KeyboardEvent<HTMLTableElement>) => {
    if (!GRID_KEYS.has(event.key)) return;
    event.preventDefault();
    // Day keys may reach a disabled day, as the grid allows; a month's jump stops at the range's ends.
    const keep = event.key === "PageUp" || event.key === "PageDown" ? bounds : { first, last };
    const next = clampDay(moveFocus(focus, event.key as GridKey, event.shiftKey), keep.first, keep.last);
    focusGrid();
    setCal((c) => ({ ...c, focus: next, view: viewOf(next) }));
  };

  return (
    <div className="nu-dialog-box">
      <h2 className="nu-dialog-title" id={ids.title} part="dialog-title">
        {t("widgets.date.title")}
      </h2>
      <div className="nu-cal-nav">
        <button
          type="button"
          className="nu-cal-step"
          part="calendar-prev"
          aria-label={t("widgets.date.prevMonth")}
          aria-disabled={atStart || undefined}
          onClick={() => stepMonth(-1)}
        >
          <Chevron direction="left" />
        </button>
        <select
          id={ids.year}
          className="nu-control"
          part="year-select"
          aria-label={t("widgets.date.year")}
          value={view.year}
          onChange={(event) => showView({ year: Number(event.currentTarget.value), month: view.month })}
        >
          {years.map((year) => (
            <option
              key={year}
              value={year}
              disabled={String(year) < bounds.first.slice(0, 4) || String(year) > bounds.last.slice(0, 4)}
            >
              {t("widgets.date.yearName", { year })}
            </option>
          ))}
        </select>
        <select
          id={ids.month}
          className="nu-control"
          part="month-select"
          aria-label={t("widgets.date.month")}
          value={view.month}
          onChange={(event) => showView({ year: view.year, month: Number(event.currentTarget.value) })}
        >
          {Array.from({ length: 12 }, (_, i) => i + 1).map((month) => (
            <option key={month} value={month} disabled={!monthInBounds(ymdOf(view.year, month, 1), bounds)}>
              {monthNames[month - 1]}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="nu-cal-step"
          part="calendar-next"
          aria-label={t("widgets.date.nextMonth")}
          aria-disabled={atEnd || undefined}
          onClick={() => stepMonth(1)}
        >
          <Chevron direction="right" />
        </button>
      </div>
      <table ref={gridRef} id={ids.grid} className="nu-cal-grid" part="calendar-grid" onKeyDown={onGridKey}>
        <caption className="nu-visually-hidden">
          {t("widgets.date.monthTitle", {
            year: view.year,
            month: view.month,
            monthName: monthNames[view.month - 1],
          })}
        </caption>
        <thead>
          <tr>
            {weekdays.map((day, i) => (
              <th key={weekdayNames[i] ?? day} scope="col" abbr={weekdayNames[i]}>
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(view).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((ymd, i) =>
                ymd ? (
                  <td key={ymd}>
                    <button
                      type="button"
                      className="nu-cal-day"
                      part="calendar-day"
                      tabIndex={ymd === focus ? 0 : -1}
                      aria-label={dayLabel(ymd)}
                      aria-pressed={ymd === chosen}
                      aria-disabled={inRange(ymd, range) ? undefined : true}
                      aria-current={ymd === today ? "date" : undefined}
                      data-date={ymd}
                      onClick={() => {
                        if (!inRange(ymd, range)) return;
                        setCal((c) => ({ ...c, chosen: ymd, focus: ymd }));
                      }}
                    >
                      {Number(ymd.slice(8))}
                    </button>
                  </td>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: empty padding cells have nothing else to key on.
                  <td key={`pad-${i}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="nu-cal-summary" id={ids.summary}>
        <p aria-live="polite" part="calendar-chosen">
          {chosen ? t("widgets.date.chosen", { date: toEnGB(chosen) }) : t("widgets.date.noneChosen")}
        </p>
        <p className="nu-hint">
          {range.min <= range.max
            ? t("widgets.date.rangeHint", { min: toEnGB(range.min), max: toEnGB(range.max) })
            : t("widgets.date.noRange")}
        </p>
      </div>
      <div className="nu-dialog-actions">
        <button
          type="button"
          className="nu-button nu-button--secondary"
          part="button cancel-button"
          onClick={() => close("cancel")}
        >
          {t("widgets.dialog.cancel")}
        </button>
        <button
          type="button"
          className="nu-button"
          part="button confirm-button"
          disabled={!canConfirm}
          aria-describedby={ids.summary}
          onClick={() => close("confirm")}
        >
          {t("widgets.dialog.confirm")}
        </button>
      </div>
    </div>
  );
}

function CalendarIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" strokeLinecap="round" />
    </svg>
  );
}

function Chevron({ direction }: { direction: "left" | "right" }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
    >
      <path
        d={direction === "left" ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
