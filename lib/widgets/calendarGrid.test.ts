import { describe, expect, it } from "vitest";
import {
  addMonthsTo,
  clampDay,
  clampView,
  daysInMonth,
  monthInBounds,
  monthWeeks,
  moveFocus,
  navBounds,
  openingDay,
  sameDayIn,
} from "./calendarGrid.ts";

describe("openingDay", () => {
  const today = "2026-11-23";
  it("opens on the chosen day when there is one", () => {
    expect(openingDay(today, { min: "2026-01-01", max: "2026-12-31" }, "2026-03-04")).toBe("2026-03-04");
  });
  it("opens on today when today can be chosen, not on the first selectable day", () => {
    expect(openingDay(today, { min: "2025-11-23", max: "2027-05-23" }, null)).toBe(today);
  });
  it("opens on the nearest selectable day otherwise", () => {
    expect(openingDay(today, { min: "2027-01-10", max: "2027-09-01" }, null)).toBe("2027-01-10");
    expect(openingDay(today, { min: "2025-01-01", max: "2026-10-31" }, null)).toBe("2026-10-31");
  });
  it("opens on today when nothing can be chosen", () => {
    expect(openingDay(today, { min: "2026-11-24", max: "2026-11-23" }, null)).toBe(today);
  });
});

describe("monthWeeks", () => {
  it("starts on Sunday and pads the edges with null", () => {
    // 1 November 2026 is a Sunday; 30 November a Monday.
    const weeks = monthWeeks({ year: 2026, month: 11 });
    expect(weeks[0][0]).toBe("2026-11-01");
    expect(weeks).toHaveLength(5);
    expect(weeks[4]).toEqual(["2026-11-29", "2026-11-30", null, null, null, null, null]);
  });

  it("pads the start of a month that begins mid-week", () => {
    // 1 February 2028 is a Tuesday; 2028 is a leap year.
    const weeks = monthWeeks({ year: 2028, month: 2 });
    expect(weeks[0].slice(0, 3)).toEqual([null, null, "2028-02-01"]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(29);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });
});

describe("month arithmetic", () => {
  it("knows month lengths, leap years included", () => {
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2026, 12)).toBe(31);
  });

  it("clamps the day when moving by months and crosses years", () => {
    expect(addMonthsTo("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonthsTo("2026-12-15", 1)).toBe("2027-01-15");
    expect(addMonthsTo("2026-01-15", -1)).toBe("2025-12-15");
    expect(addMonthsTo("2028-02-29", 12)).toBe("2029-02-28");
    expect(sameDayIn("2026-03-31", { year: 2026, month: 4 })).toBe("2026-04-30");
  });
});

describe("moveFocus", () => {
  it("moves by day and week across month and year ends", () => {
    expect(moveFocus("2026-12-31", "ArrowRight")).toBe("2027-01-01");
    expect(moveFocus("2027-01-01", "ArrowLeft")).toBe("2026-12-31");
    expect(moveFocus("2026-11-28", "ArrowDown")).toBe("2026-12-05");
    expect(moveFocus("2026-11-03", "ArrowUp")).toBe("2026-10-27");
  });

  it("Home and End go to the start and end of the week (Sunday to Saturday)", () => {
    // 2026-11-18 is a Wednesday.
    expect(moveFocus("2026-11-18", "Home")).toBe("2026-11-15");
    expect(moveFocus("2026-11-18", "End")).toBe("2026-11-21");
    expect(moveFocus("2026-11-15", "Home")).toBe("2026-11-15");
  });

  it("PageUp/PageDown move a month, with Shift a year", () => {
    expect(moveFocus("2026-03-31", "PageUp")).toBe("2026-02-28");
    expect(moveFocus("2026-03-31", "PageDown", true)).toBe("2027-03-31");
  });

  it("clampDay keeps the focus within the calendar's years", () => {
    expect(clampDay("2018-12-31", "2019-01-01", "2026-12-31")).toBe("2019-01-01");
    expect(clampDay("2027-01-01", "2019-01-01", "2026-12-31")).toBe("2026-12-31");
    expect(clampDay("2020-05-05", "2019-01-01", "2026-12-31")).toBe("2020-05-05");
  });
});

describe("navBounds", () => {
  const [first, last] = ["2019-01-01", "2026-12-31"];
  it("is the selectable range when it lies inside the year list", () => {
    expect(navBounds({ min: "2026-03-10", max: "2026-12-15" }, first, last)).toEqual({
      first: "2026-03-10",
      last: "2026-12-15",
    });
  });
  it("keeps to the year list", () => {
    expect(navBounds({ min: "2010-05-01", max: "2027-02-01" }, first, last)).toEqual({ first, last });
  });
  it("is the whole list when nothing can be chosen", () => {
    expect(navBounds({ min: "2026-06-02", max: "2026-06-01" }, first, last)).toEqual({ first, last });
  });
});

describe("monthInBounds / clampView", () => {
  const bounds = { first: "2026-11-28", last: "2027-09-04" };
  it("a month holds a selectable day when it overlaps the bounds", () => {
    expect(monthInBounds("2026-11", bounds)).toBe(true);
    expect(monthInBounds("2026-10-31", bounds)).toBe(false);
    expect(monthInBounds("2027-09-01", bounds)).toBe(true);
    expect(monthInBounds("2027-10", bounds)).toBe(false);
  });
  it("a picked month outside moves to the nearest month inside; one inside stays", () => {
    expect(clampView({ year: 2026, month: 1 }, bounds)).toEqual({ year: 2026, month: 11 });
    expect(clampView({ year: 2027, month: 12 }, bounds)).toEqual({ year: 2027, month: 9 });
    expect(clampView({ year: 2027, month: 3 }, bounds)).toEqual({ year: 2027, month: 3 });
  });
});
