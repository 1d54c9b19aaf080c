import { describe, expect, it } from "vitest";
import { checkPassword } from "./password.ts";

describe("checkPassword", () => {
  it("accepts a password meeting every rule, at exactly 8 characters", () => {
    expect(checkPassword("Nu-demo1")).toEqual({ ok: true, failures: [] });
    expect(checkPassword("Nu-demo-2026")).toEqual({ ok: true, failures: [] });
  });

  it("rejects 7 characters even when every other rule passes", () => {
    expect(checkPassword("Nu-dem1")).toEqual({ ok: false, failures: ["min_length"] });
  });

  it.each([
    ["NU-DEMO-2026", ["lowercase"]],
    ["nu-demo-2026", ["uppercase"]],
    ["Nu-demo-demo", ["digit"]],
    ["Nudemo2026", ["symbol"]],
    ["Nu demo 2026", ["symbol"]], // a space is not a symbol
  ])("%s fails %j only", (pw, failures) => {
    expect(checkPassword(pw)).toEqual({ ok: false, failures });
  });

  it("reports every failing rule at once", () => {
    expect(checkPassword("")).toEqual({
      ok: false,
      failures: ["min_length", "lowercase", "uppercase", "digit", "symbol"],
    });
    expect(checkPassword("abc").failures).toEqual(["min_length", "uppercase", "digit", "symbol"]);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(checkPassword("Aa1!😀😀😀").failures).toEqual(["min_length"]);
  });
});
