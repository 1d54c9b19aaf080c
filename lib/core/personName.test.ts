import { describe, expect, it } from "vitest";
import { isPersonName, nameIn, personName } from "./personName.ts";

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
  it.each([
    "李",
    "Mary-Jane",
    "O'Brien",
    "O’Brien",
    "St. John",
    "Nguyễn Thị",
    "Zoë",
    "約翰·史密斯",
    "ศรี",
    "Nguyê\u0303n",
    "김민준",
  ])("accepts %s", (name) => expect(isPersonName(name)).toBe(true));
  it.each([
    "Chan2",
    "大文😀",
    "",
    "  ",
    "-",
    "a_b",
    "x@y",
    "🙂",
    "\u3164",
    "\u3164\u3164",
    "\uFFA0",
    "\u115F\u1160",
    "陳\u3164",
    "A\u0000b",
    "Tai\u0007Man",
    "Ma\u200Bry",
    "Z\u0301\u0302\u0303\u0304algo",
    "e\u034F",
  ])("refuses %j", (name) => expect(isPersonName(name)).toBe(false));
});

describe("nameIn", () => {
  it("shows the name in the page's language: English for en, Chinese for anything else", () => {
    expect(nameIn("en", "奶粉", "Milk powder")).toBe("Milk powder");
    expect(nameIn("zh-HK", "奶粉", "Milk powder")).toBe("奶粉");
    expect(nameIn("fr", "奶粉", "Milk powder")).toBe("奶粉");
  });

  it("falls back to the other language when the name is missing, else ''", () => {
    expect(nameIn("en", "奶粉", "")).toBe("奶粉");
    expect(nameIn("zh-HK", null, "Milk powder")).toBe("Milk powder");
    expect(nameIn("en", undefined, null)).toBe("");
  });
});
