import { describe, expect, it } from "vitest";
import { staffDisplayName, staffLoginOutcome } from "./staffLogin.ts";
import { checkStaffToken, tokenExpiry } from "./staffToken.ts";

const b64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");
const jwt = (payload: unknown) =>
  `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(JSON.stringify(payload))}.c2ln`;

const EXP = 1_900_000_000; // seconds

describe("checkStaffToken", () => {
  it("is true before exp and when exp is exactly now", () => {
    expect(checkStaffToken(jwt({ sub: "S001", exp: EXP }), EXP * 1000 - 1)).toBe(true);
    expect(checkStaffToken(jwt({ sub: "S001", exp: EXP }), EXP * 1000)).toBe(true);
  });

  it("is false once now is past exp (by 1 ms)", () => {
    expect(checkStaffToken(jwt({ exp: EXP }), EXP * 1000 + 1)).toBe(false);
  });

  it("is false for no token", () => {
    expect(checkStaffToken("", 0)).toBe(false);
    expect(checkStaffToken(null, 0)).toBe(false);
    expect(checkStaffToken(undefined, 0)).toBe(false);
  });

  it("reads a payload holding non-ASCII text", () => {
    expect(checkStaffToken(jwt({ name: "陳大文", exp: EXP }), 0)).toBe(true);
  });

  it.each([
    ["not a JWT", "abc"],
    ["two parts", `${b64url("{}")}.${b64url(JSON.stringify({ exp: EXP }))}`],
    ["bad base64url", `x.${"%%%"}.y`],
    ["impossible base64url length", "x.a.y"],
    ["bad JSON", `x.${b64url("{exp:")}.y`],
    ["JSON that is not an object", `x.${b64url("42")}.y`],
    ["no exp", jwt({ sub: "S001" })],
    ["exp as a string", jwt({ exp: String(EXP) })],
    ["payload not UTF-8", `x.${Buffer.from([0xff, 0xfe]).toString("base64url")}.y`],
  ])("is 'error' for %s", (_, token) => {
    expect(checkStaffToken(token, 0)).toBe("error");
  });

  it("tokenExpiry gives the exp claim in seconds", () => {
    expect(tokenExpiry(jwt({ exp: EXP }))).toBe(EXP);
    expect(tokenExpiry("a.b")).toBeNull();
  });
});

describe("staffDisplayName", () => {
  it("is first name then last name, trimmed", () => {
    expect(staffDisplayName("Tai Man", "Chan")).toBe("Tai Man Chan");
    expect(staffDisplayName("  Amy ", " Wong  ")).toBe("Amy Wong");
    expect(staffDisplayName("Amy", "")).toBe("Amy");
    expect(staffDisplayName("", " Wong")).toBe("Wong");
    expect(staffDisplayName(null, undefined)).toBe("");
  });
});

describe("staffLoginOutcome", () => {
  it("is S0 when a one-time code is needed, 'Empty token' without a token, else ok", () => {
    expect(staffLoginOutcome({ need_otp: "Y", staff_token: "" })).toBe("S0");
    expect(staffLoginOutcome({ need_otp: "Y", staff_token: null })).toBe("S0");
    expect(staffLoginOutcome({ need_otp: "N", staff_token: "" })).toBe("Empty token");
    expect(staffLoginOutcome({ need_otp: "N", staff_token: null })).toBe("Empty token");
    expect(staffLoginOutcome({ need_otp: "N", staff_token: "t" })).toBe("ok");
    expect(staffLoginOutcome({ staff_token: "t" })).toBe("ok");
  });

  it("is ok for a record that needs a code and carries a token (the answer of POST /api/staff/otp)", () => {
    expect(staffLoginOutcome({ need_otp: "Y", staff_token: "a.b.c" })).toBe("ok");
  });
});
