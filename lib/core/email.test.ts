import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { isEmail } from "./email.ts";
import { emailSchema } from "./schemas.ts";

const schemaIsEmail = (text: string) => v.is(emailSchema, text);

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
  it("on any string, and on e-mail-like ones", () => {
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
