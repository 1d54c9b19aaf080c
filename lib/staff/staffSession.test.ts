import { describe, expect, it } from "vitest";
import type { StaffRecord } from "../core/types.ts";
import { $flags } from "../state/flags.ts";
import {
  afterSignIn,
  endSession,
  sessionExpired,
  sessionFlags,
  staffLoginOutcome,
  startSession,
} from "./staffSession.ts";

const record: StaffRecord = {
  staff_id: "S001",
  first_name: " 美玲 ",
  last_name: "陳 ",
  role: "staff",
  staff_token: "a.b.c",
  phone: "91234567",
  need_otp: "",
};

describe("staff sign-in outcome (docs/rules.md#staff)", () => {
  it("is ok with a token, S0 when a code step follows, 'Empty token' otherwise", () => {
    expect(staffLoginOutcome(record)).toBe("ok");
    expect(staffLoginOutcome({ ...record, need_otp: "Y" })).toBe("ok");
    expect(staffLoginOutcome({ staff_token: "", need_otp: "Y" })).toBe("S0");
    expect(staffLoginOutcome({ staff_token: "", need_otp: "N" })).toBe("Empty token");
    expect(staffLoginOutcome({ staff_token: "", need_otp: "" })).toBe("Empty token");
  });
});

describe("staff session flags", () => {
  it("stores exactly STAFF_ID, Token, STAFF_NAME (first + last, trimmed) and STAFF_ROLE", () => {
    expect(sessionFlags(record)).toEqual({
      STAFF_ID: "S001",
      Token: "a.b.c",
      STAFF_NAME: "陳美玲",
      STAFF_ROLE: "staff",
    });
  });

  it("sign-out removes the staff values and nothing else", () => {
    startSession(record);
    $flags.get();
    sessionExpired("/staff/result?id=NU4K7P2QXM");
    expect($flags.get().Token).toBeUndefined();
    expect($flags.get().redirect_url).toBe("/staff/result?id=NU4K7P2QXM");
    endSession();
    expect($flags.get()).toEqual({ redirect_url: "/staff/result?id=NU4K7P2QXM" });
  });
});

describe("afterSignIn", () => {
  it("returns to a saved same-site path, once", () => {
    expect(afterSignIn({ redirect_url: "/staff/result?id=NU4K7P2QXM" })).toEqual({
      to: "/staff/result?id=NU4K7P2QXM",
      remove: ["redirect_url"],
    });
  });

  it("after a sign-out on this device, returns only the same staff member to the saved page", () => {
    const flags = { redirect_url: "/staff/result?id=NU4K7P2QXM" };
    expect(afterSignIn(flags, "A001", "S001")).toEqual({
      to: "/staff/verification",
      remove: ["redirect_url"],
    });
    expect(afterSignIn(flags, "S001", "S001").to).toBe("/staff/result?id=NU4K7P2QXM");
    expect(afterSignIn(flags, "A001", null).to).toBe("/staff/result?id=NU4K7P2QXM");
  });

  it("ignores absolute, protocol-relative and scheme URLs and goes to verification", () => {
    for (const redirect_url of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "",
    ]) {
      expect(afterSignIn({ redirect_url })).toEqual({ to: "/staff/verification", remove: ["redirect_url"] });
    }
    expect(afterSignIn({})).toEqual({ to: "/staff/verification", remove: ["redirect_url"] });
  });
});
