import { describe, expect, it } from "vitest";
import {
  addDays,
  calendarRange,
  displayDate,
  fromEnGB,
  hkDateTime,
  hkToday,
  inRange,
  isEmptyRange,
  isValidYmd,
  lastRedemptionDay,
  sentenceDate,
  toEnGB,
  yearOptions,
} from "./dates.ts";

describe("displayDate", () => {
  it("shows YYYY-MM-DD as DD/MM/YYYY", () => {
    expect(displayDate("2026-03-09")).toBe("09/03/2026");
  });
  it("shows an empty value as 01/01/1970", () => {
    expect(displayDate("")).toBe("01/01/1970");
    expect(displayDate(null)).toBe("01/01/1970");
    expect(displayDate(undefined)).toBe("01/01/1970");
  });
  it("shows nothing for a value that is not a day", () => {
    expect(displayDate("2026-02-30")).toBe("");
    expect(displayDate("09/03/2026")).toBe("");
  });
});

describe("hkToday", () => {
  it("is the Hong Kong calendar day (UTC+8) on both sides of midnight", () => {
    expect(hkToday(Date.parse("2026-03-09T15:59:59.999Z"))).toBe("2026-03-09");
    expect(hkToday(Date.parse("2026-03-09T16:00:00Z"))).toBe("2026-03-10");
    expect(hkToday(Date.parse("2026-12-31T16:00:00Z"))).toBe("2027-01-01");
  });
  it("has no daylight saving (same offset in summer)", () => {
    expect(hkToday(Date.parse("2026-07-01T15:59:59Z"))).toBe("2026-07-01");
    expect(hkToday(Date.parse("2026-07-01T16:00:00Z"))).toBe("2026-07-02");
  });
});

describe("calendarRange / inRange", () => {
  const today = "2026-03-09";

  it("defaults to today only", () => {
    const range = calendarRange(today);
    expect(range).toEqual({ min: today, max: today });
    expect(inRange(today, range)).toBe(true);
    expect(inRange("2026-03-10", range)).toBe(false);
    expect(inRange("2026-03-08", range)).toBe(false);
  });

  it("makes today+maxDays selectable and today+maxDays+1 not", () => {
    const range = calendarRange(today, 0, 280);
    expect(range.max).toBe("2026-12-14");
    expect(inRange("2026-12-14", range)).toBe(true);
    expect(inRange("2026-12-15", range)).toBe(false);
  });

  it("makes today+minDays selectable and the day before not (negative days reach the past)", () => {
    const range = calendarRange(today, -365, 0);
    expect(range.min).toBe("2025-03-09");
    expect(inRange("2025-03-09", range)).toBe(true);
    expect(inRange("2025-03-08", range)).toBe(false);
  });

  it("crosses month, leap-day and year ends", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-01-01", -1)).toBe("2026-12-31");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-03-10", 280)).toBe("2026-12-15");
    expect(addDays("2026-03-10", -3 * 365)).toBe("2023-03-11");
    expect(() => addDays("2026-02-31", 1)).toThrow(RangeError);
  });

  it("is empty when minDays > maxDays", () => {
    const range = calendarRange(today, 5, 2);
    expect(isEmptyRange(range)).toBe(true);
    for (let d = -3; d <= 8; d++) expect(inRange(addDays(today, d), range)).toBe(false);
  });

  it("rejects days that do not exist and non-dates", () => {
    const range = calendarRange("2026-02-01", 0, 60);
    expect(inRange("2026-02-30", range)).toBe(false);
    expect(inRange("", range)).toBe(false);
    expect(inRange(null, range)).toBe(false);
  });

  it("refuses a malformed today", () => {
    expect(() => calendarRange("09/03/2026")).toThrow(RangeError);
  });
});

describe("yearOptions", () => {
  it("lists 8 years ascending, ending at the max day's year", () => {
    const years = yearOptions(calendarRange("2026-03-09", 0, 300));
    expect(years).toEqual([2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027]);
    expect(years).toHaveLength(8);
    expect(years[0]).toBe(2020); // the 8th year back from 2027
    expect(years).not.toContain(2019);
  });
  it("ends at max's year, not today's", () => {
    expect(yearOptions({ min: "2018-01-01", max: "2026-12-31" }).at(-1)).toBe(2026);
  });
});

describe("toEnGB / fromEnGB", () => {
  it("round-trips", () => {
    expect(toEnGB("2026-02-28")).toBe("28/02/2026");
    expect(fromEnGB("28/02/2026")).toBe("2026-02-28");
    expect(fromEnGB(toEnGB("2028-02-29"))).toBe("2028-02-29");
  });
  it("is strict: no 31/02, no 29/02 outside leap years, no other shapes", () => {
    expect(fromEnGB("31/02/2026")).toBeNull();
    expect(fromEnGB("29/02/2026")).toBeNull();
    expect(fromEnGB("00/01/2026")).toBeNull();
    expect(fromEnGB("01/13/2026")).toBeNull();
    expect(fromEnGB("1/2/2026")).toBeNull();
    expect(fromEnGB("2026-02-01")).toBeNull();
    expect(fromEnGB("01/02/2026x")).toBeNull();
    expect(fromEnGB("")).toBeNull();
    expect(fromEnGB(null)).toBeNull();
  });
  it("accepts surrounding spaces", () => {
    expect(fromEnGB(" 01/02/2026 ")).toBe("2026-02-01");
  });
  it("gives '' for an invalid day", () => {
    expect(toEnGB("2026-02-31")).toBe("");
    expect(isValidYmd("2026-2-1")).toBe(false);
  });
});

describe("the device's own time zone", () => {
  // Chile moves its clocks at midnight (that local midnight does not exist) and New York at 2:00:
  // the days and Hong Kong times must not follow the device's zone or its daylight saving.
  it.each(["America/Santiago", "America/New_York", "Asia/Hong_Kong", "UTC"])(
    "changes no day and no Hong Kong time in %s",
    (zone) => {
      const before = process.env.TZ;
      process.env.TZ = zone;
      try {
        expect(addDays("2026-09-05", 1)).toBe("2026-09-06");
        expect(addDays("2026-03-08", 1)).toBe("2026-03-09");
        expect(addDays("2026-11-01", 1)).toBe("2026-11-02");
        expect(isValidYmd("2026-09-06")).toBe(true);
        expect(toEnGB("2026-09-06")).toBe("06/09/2026");
        expect(hkToday(Date.parse("2026-09-05T16:00:00Z"))).toBe("2026-09-06");
        expect(hkDateTime("2026-03-08T07:05:00Z")).toBe("08/03/2026 15:05");
        expect(lastRedemptionDay("2026-09-05T16:30:00Z", 30)).toBe("2026-10-06");
      } finally {
        if (before === undefined) delete process.env.TZ;
        else process.env.TZ = before;
      }
    },
  );
});

describe("sentenceDate", () => {
  it("writes a day inside a sentence as each language does", () => {
    expect(sentenceDate("2027-03-07", "zh-HK")).toBe("2027年3月7日");
    expect(sentenceDate("2027-03-07", "zh-Hans")).toBe("2027年3月7日");
    expect(sentenceDate("2027-03-07", "en")).toBe("7 March 2027");
    expect(sentenceDate("2027-02-30", "en")).toBe("");
  });
});
