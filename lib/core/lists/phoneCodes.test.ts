import { describe, expect, it } from "vitest";
import { isValidPhone, PHONE_CODES } from "./phoneCodes.ts";

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
