import { describe, expect, it } from "vitest";
import { EMAIL_DOMAINS, suggestDomainFix, suggestEmails } from "./emailDomains.ts";

describe("EMAIL_DOMAINS", () => {
  it("has exactly 15 distinct lower-case domains, Hong Kong's own among them", () => {
    expect(EMAIL_DOMAINS).toHaveLength(15);
    expect(new Set(EMAIL_DOMAINS).size).toBe(15);
    for (const d of EMAIL_DOMAINS) expect(d).toMatch(/^[a-z0-9]+(\.[a-z0-9]+)+$/);
    expect(EMAIL_DOMAINS).toEqual(
      expect.arrayContaining(["gmail.com", "yahoo.com.hk", "netvigator.com", "hotmail.com.hk"]),
    );
  });
});

describe("suggestEmails", () => {
  it("completes the domain typed after '@'", () => {
    expect(suggestEmails("abc@g")).toEqual(["abc@gmail.com"]);
    expect(suggestEmails("abc@hot")).toEqual(["abc@hotmail.com", "abc@hotmail.com.hk"]);
    expect(suggestEmails("abc@1")).toEqual(["abc@163.com", "abc@126.com"]);
  });

  it("offers every domain right after '@', in list order", () => {
    expect(suggestEmails("abc@")).toEqual(EMAIL_DOMAINS.map((d) => `abc@${d}`));
  });

  it("keeps the local part as typed, matches the domain case-insensitively and ignores outer spaces", () => {
    expect(suggestEmails("  Chan.TaiMan@YA ")).toEqual(["Chan.TaiMan@yahoo.com.hk", "Chan.TaiMan@yahoo.com"]);
  });

  it("offers nothing before an '@' is typed, or with an empty local part", () => {
    expect(suggestEmails("")).toEqual([]);
    expect(suggestEmails("abc")).toEqual([]);
    expect(suggestEmails("@gmail")).toEqual([]);
  });

  it("offers nothing once the domain is complete and exact", () => {
    expect(suggestEmails("abc@gmail.com")).toEqual([]);
    expect(suggestEmails("abc@yahoo.com")).toEqual([]); // even though yahoo.com.hk starts with it
    expect(suggestEmails("abc@GMAIL.COM")).toEqual([]);
  });

  it("offers nothing for an unknown domain or a second '@'", () => {
    expect(suggestEmails("abc@example")).toEqual([]);
    expect(suggestEmails("a@b@g")).toEqual([]);
  });
});

describe("suggestDomainFix", () => {
  it.each([
    ["chan@gmial.com", "chan@gmail.com"],
    ["chan@gmail.con", "chan@gmail.com"],
    ["Chan.Tai@Hotmial.com", "Chan.Tai@hotmail.com"],
    ["wong@yaho.com.hk", "wong@yahoo.com.hk"],
    ["wong@yahoo.co.hk", "wong@yahoo.com.hk"],
    ["lee@netvigater.com", "lee@netvigator.com"],
    ["lee@outlok.com", "lee@outlook.com"],
  ])("offers %s → %s", (typed, fixed) => {
    expect(suggestDomainFix(typed)).toBe(fixed);
  });

  it.each([
    ["a listed domain", "chan@gmail.com"],
    ["an unfinished domain the suggestions offer", "chan@gmail.co"],
    ["no domain yet", "chan@"],
    ["a domain without a dot", "chan@gmial"],
    ["a company's own domain", "chan@example.com.hk"],
    ["a domain two edits from a short one", "chan@qqq.cn"],
    ["two @", "a@b@gmial.com"],
  ])("offers nothing for %s", (_what, typed) => {
    expect(suggestDomainFix(typed)).toBeNull();
  });
});
