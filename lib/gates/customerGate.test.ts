import { beforeEach, describe, expect, it, vi } from "vitest";
import type { MaintenanceRecord } from "../core/types.ts";
import { forgetMaintenanceFailure, MAINTENANCE_RETRY_AFTER_MS, runGate } from "./customerGate.ts";

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

describe("runGate: a maintenance endpoint that fails or hangs", () => {
  const ON = {
    environment: "prod",
    enable_maintenance: "true",
    enable_maintenance_nuform: "false",
    enable_maintenance_reform: "false",
    nuform_online_date: "",
    maintenance_messages: "系統升級中",
    maintenance_messages_nuform: "",
    maintenance_messages_reform: "",
  } satisfies MaintenanceRecord;
  const SIGNED_IN = { isAuthenticated: "true" };
  const step = (step: string, loadMaintenance: () => Promise<MaintenanceRecord>, nowMs: number) =>
    runGate({
      flow: "nuform",
      step,
      flags: SIGNED_IN,
      loadMaintenance,
      maintenancePageUrl: "/maintenance",
      nowMs,
    });

  beforeEach(() => {
    forgetMaintenanceFailure();
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });

  it("fails open, then shows the next steps without asking again for 60 s; then asks, and a record that is on applies", async () => {
    expect(MAINTENANCE_RETRY_AFTER_MS).toBe(60_000);
    const broken = vi.fn(async (): Promise<MaintenanceRecord> => {
      throw new Error("API Error: 連線逾時，請稍後再試。");
    });
    expect(await step("", broken, NOW)).toMatchObject({ kind: "show" });
    expect(broken).toHaveBeenCalledTimes(1);

    const on = vi.fn(async () => ON);
    expect(await step("personInfoHK", on, NOW + 5_000)).toMatchObject({ kind: "show" });
    expect(await step("TnCNew", on, NOW + 59_999)).toMatchObject({ kind: "show" });
    expect(on).not.toHaveBeenCalled();

    expect(await step("TnCNew", on, NOW + 60_000)).toMatchObject({
      kind: "maintenance",
      to: "/maintenance?message=%E7%B3%BB%E7%B5%B1%E5%8D%87%E7%B4%9A%E4%B8%AD",
    });
    expect(on).toHaveBeenCalledTimes(1);
  });

  it("a failure again starts another 60 s", async () => {
    const broken = vi.fn(async (): Promise<MaintenanceRecord> => {
      throw new Error("API Error: down");
    });
    await step("", broken, NOW);
    await step("personInfoHK", broken, NOW + 60_000);
    await step("TnCNew", broken, NOW + 100_000);
    expect(broken).toHaveBeenCalledTimes(2);
  });

  it("reads a record that answers on every checked step: one that turns on applies at the next step", async () => {
    let record: MaintenanceRecord = { ...ON, enable_maintenance: "false" };
    const load = vi.fn(async () => record);
    expect(await step("", load, NOW)).toMatchObject({ kind: "show" });
    record = ON;
    expect(await step("personInfoHK", load, NOW + 1_000)).toMatchObject({ kind: "maintenance" });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
