import fc from "fast-check";
import { EMAIL_REGEX } from "valibot";
import { describe, expect, it } from "vitest";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, isEmail } from "./email.ts";
import { LIMITS, isEmail as schemaIsEmail } from "./schemas.ts";

describe("isEmail (the API's own rule)", () => {
  it.each([
    ["chan.taiman@gmail.com", true],
    [" Chan@Yahoo.com.hk ", true], // trimmed and lower-cased like the server does
    ["a@b.hk", true],
    ["abc@", false],
    ["abc", false],
    ["a b@c.hk", false],
    ["", false],
    [`${"a".repeat(250)}@b.hk`, false], // longer than 254
  ])("%j → %s", (text, ok) => {
    expect(isEmail(text)).toBe(ok);
  });
});

describe("isEmail agrees with the API's emailSchema", () => {
  it("uses valibot's e-mail pattern, character for character", () => {
    expect(EMAIL_PATTERN.source).toBe(EMAIL_REGEX.source);
    expect(EMAIL_PATTERN.flags).toBe(EMAIL_REGEX.flags);
  });

  it("on any string, and on e-mail-like ones", () => {
    expect(EMAIL_MAX_LENGTH).toBe(LIMITS.email);
    const emailLike = fc
      .tuple(
        fc.string(),
        fc.constantFrom("@", "@@", ""),
        fc.string(),
        fc.constantFrom(".hk", ".com", "", ". "),
      )
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "grapheme" }), fc.emailAddress(), emailLike), (text) => {
        expect(isEmail(text)).toBe(schemaIsEmail(text));
      }),
      { numRuns: 2000 },
    );
  });
});
