import { describe, expect, it } from "vitest";
import type { MaintenanceRecord } from "./core/types.ts";
import { runGate } from "./customerGate.ts";

const NOW = Date.parse("2026-11-23T10:00:00Z");
const base64Url = (value: unknown) =>
  Buffer.from(JSON.stringify(value))
    .toString("base64")
    .replace(/=+$/, "")
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
const token = (expS: number) =>
  `${base64Url({ alg: "HS256" })}.${base64Url({ exp: expS, sub: "a@b.hk" })}.sig`;
const noMaintenance = async () => ({ environment: "dev" }) as unknown as MaintenanceRecord;
const gate = (step: string, flags: Record<string, string>) =>
  runGate({
    flow: "nuform",
    step,
    flags,
    loadMaintenance: noMaintenance,
    maintenancePageUrl: "/maintenance",
    nowMs: NOW,
  });

describe("runGate: why a customer lands on sign-in", () => {
  it("says 'guard' when a step needs a sign-in the customer does not have", async () => {
    expect(await gate("personInfoHK", {})).toMatchObject({
      kind: "redirect",
      to: "/customer/nuForm",
      signInReason: "guard",
    });
  });

  it("says nothing on the sign-in page itself", async () => {
    expect((await gate("", {})).signInReason).toBeUndefined();
  });

  it("takes an expired customer token as signed out: flags removed, reason 'expired'", async () => {
    const expired = { isAuthenticated: "true", CUSTOMER_TOKEN: token(NOW / 1000 - 60) };
    const moved = await gate("personInfoHK", expired);
    expect(moved).toMatchObject({ kind: "redirect", to: "/customer/nuForm", signInReason: "expired" });
    expect(moved.remove).toEqual(expect.arrayContaining(["isAuthenticated", "CUSTOMER_TOKEN"]));
    expect(await gate("", expired)).toMatchObject({ kind: "show", signInReason: "expired" });
  });

  it("lets a valid or undecodable token through (the server judges the latter)", async () => {
    for (const value of [token(NOW / 1000 + 600), "not.a.jwt"]) {
      const result = await gate("personInfoHK", { isAuthenticated: "true", CUSTOMER_TOKEN: value });
      expect(result).toMatchObject({ kind: "show" });
      expect(result.signInReason).toBeUndefined();
    }
  });
});
