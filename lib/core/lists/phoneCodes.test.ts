import { describe, expect, it } from "vitest";
import { isValidPhone, normalisePhone, PHONE_CODES } from "./phoneCodes.ts";

describe("PHONE_CODES", () => {
  it("offers +852, +853 and +86 with values 852, 853, 86", () => {
    expect(PHONE_CODES.map((c) => [c.label, c.value])).toEqual([
      ["+852", "852"],
      ["+853", "853"],
      ["+86", "86"],
    ]);
  });
});

describe("isValidPhone", () => {
  it.each([
    ["852", "91234567", true],
    ["852", "9123 4567", true],
    ["852", "9123456", false],
    ["852", "912345678", false],
    ["852", "9123456a", false],
    ["853", "66123456", true],
    ["853", "6612345", false],
    ["853", "28123456", false],
    ["852", "01234567", false],
    ["852", "12345678", false],
    ["852", "21234567", true],
    ["86", "13812345678", true],
    ["86", "138-1234-5678", true],
    ["86", "23812345678", false],
    ["86", "1381234567", false],
    ["86", "138123456789", false],
    ["852", "", false],
    ["44", "91234567", false],
    ["", "91234567", false],
  ])("code %s, number %j → %s", (code, phone, ok) => {
    expect(isValidPhone(code, phone)).toBe(ok);
  });
});

describe("normalisePhone: numbers as people write them", () => {
  it.each([
    ["９１２３ ４５６７", "91234567"],
    ["+852 9123 4567", "91234567"],
    ["(852) 9123-4567", "91234567"],
    ["852 91234567", "91234567"],
    ["+853 6612 3456", "66123456"],
    ["+86 138 1234 5678", "13812345678"],
    ["8613812345678", "13812345678"],
    ["9123.4567", "91234567"],
    // Not a country code in front: left as typed, so the check names the problem.
    ["85291234", "85291234"],
    ["+91234567", "+91234567"],
    ["+44 20 7946 0958", "+442079460958"],
  ])("%j → %j", (typed, stored) => {
    expect(normalisePhone(typed)).toBe(stored);
  });

  it("a full-width or prefixed number passes the check of its code", () => {
    expect(isValidPhone("852", "９１２３４５６７")).toBe(true);
    expect(isValidPhone("852", "+852 9123 4567")).toBe(true);
    expect(isValidPhone("86", "+852 9123 4567")).toBe(false);
  });
});
