import { describe, expect, it } from "vitest";
import { isEmail } from "./email.ts";

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
