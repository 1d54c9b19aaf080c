import { describe, expect, it } from "vitest";
import { isPersonName, personName } from "./personName.ts";

describe("personName", () => {
  it("writes Chinese names family name first with no space", () => {
    expect(personName("嘉欣", "李")).toBe("李嘉欣");
    expect(personName(" 大文 ", " 陳 ")).toBe("陳大文");
  });
  it("writes Latin names given name first", () => {
    expect(personName("Tai Man", "Chan")).toBe("Tai Man Chan");
    expect(personName("  Amy ", " Wong  ")).toBe("Amy Wong");
    expect(personName("Amy", "")).toBe("Amy");
    expect(personName(null, undefined)).toBe("");
  });
});

describe("isPersonName", () => {
  it.each(["李", "Mary-Jane", "O'Brien", "O’Brien", "St. John", "Nguyễn Thị", "Zoë", "約翰·史密斯", "ศรี"])(
    "accepts %s",
    (name) => expect(isPersonName(name)).toBe(true),
  );
  it.each(["Chan2", "大文😀", "", "  ", "-", "a_b", "x@y", "🙂"])("refuses %j", (name) =>
    expect(isPersonName(name)).toBe(false),
  );
});
