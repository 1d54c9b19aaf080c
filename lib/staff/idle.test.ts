import { describe, expect, it } from "vitest";
import { countdown, IDLE_WARNING_MS, idlePlan, shouldRenew } from "./idle.ts";

const b64 = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
const token = (claims: Record<string, unknown>) => `${b64({ alg: "HS256" })}.${b64(claims)}.sig`;
const T0 = 1_800_000_000; // seconds

describe("idle plan of a staff token", () => {
  it("warns two minutes before exp and ends at exp", () => {
    const plan = idlePlan(token({ iat: T0, exp: T0 + 30 * 60 }));
    expect(plan).toEqual({
      warnAtMs: (T0 + 30 * 60) * 1000 - IDLE_WARNING_MS,
      endAtMs: (T0 + 30 * 60) * 1000,
      capped: false,
    });
  });

  it("is capped when the session's end cut the token short", () => {
    expect(idlePlan(token({ iat: T0, exp: T0 + 10 * 60 }))?.capped).toBe(true);
  });

  it("has no plan without a decodable token", () => {
    expect(idlePlan(undefined)).toBeNull();
    expect(idlePlan("not-a-token")).toBeNull();
    expect(idlePlan(token({ iat: T0 }))).toBeNull();
  });
});

describe("renewal on activity", () => {
  const fresh = token({ iat: T0, exp: T0 + 30 * 60 });
  it("renews a token at least 5 minutes old that has not expired", () => {
    expect(shouldRenew(fresh, T0 * 1000 + 4 * 60 * 1000)).toBe(false);
    expect(shouldRenew(fresh, T0 * 1000 + 5 * 60 * 1000)).toBe(true);
    expect(shouldRenew(fresh, (T0 + 30 * 60) * 1000)).toBe(false);
  });

  it("does not renew a capped token or one without iat", () => {
    expect(shouldRenew(token({ iat: T0, exp: T0 + 10 * 60 }), T0 * 1000 + 6 * 60 * 1000)).toBe(false);
    expect(shouldRenew(token({ exp: T0 + 30 * 60 }), T0 * 1000 + 6 * 60 * 1000)).toBe(false);
  });
});

describe("countdown", () => {
  it("shows m:ss, rounding up, never below 0:00", () => {
    expect(countdown(120_000)).toBe("2:00");
    expect(countdown(61_001)).toBe("1:02");
    expect(countdown(-5)).toBe("0:00");
  });
});
