import { describe, expect, it } from "vitest";
import { ApiError, NotFoundError } from "../api/errors.ts";
import { runStaffGate } from "./staffGate.ts";

const NOW = Date.parse("2026-11-21T06:00:00Z");
const token = (expSeconds: number) =>
  `h.${Buffer.from(JSON.stringify({ sub: "S001", exp: expSeconds })).toString("base64url")}.s`;
const valid = { Token: token(NOW / 1000 + 3600) };
const expired = { Token: token(NOW / 1000 - 1) };

function gate(path: string, from: string, flags: Record<string, string>, loadLead = async () => ({})) {
  const calls: string[] = [];
  const result = runStaffGate({
    path,
    from,
    flags,
    nowMs: NOW,
    loadLead: async (by, value) => {
      calls.push(`${by}=${value}`);
      return loadLead();
    },
  });
  return { result, calls };
}

describe("runStaffGate", () => {
  it("sends a signed-out or expired visit to sign-in, keeping the full path", async () => {
    for (const flags of [{}, expired, { Token: "not-a-jwt" }]) {
      const { result } = gate("/staff/result?id=NU4K7P2QXM", "", flags);
      expect(await result).toEqual({
        kind: "redirect",
        to: "/staff/home",
        set: { redirect_url: "/staff/result?id=NU4K7P2QXM" },
        remove: undefined,
      });
    }
  });

  it("shows result straight after verification, and loads the lead when arriving from elsewhere", async () => {
    const fromVerification = gate("/staff/result?id=NU4K7P2QXM", "http://x.test/staff/verification", valid);
    expect(await fromVerification.result).toEqual({ kind: "show" });
    expect(fromVerification.calls).toEqual([]);

    const direct = gate("/staff/result?id=NU4K7P2QXM", "", valid);
    expect(await direct.result).toEqual({ kind: "show" });
    expect(direct.calls).toEqual(["id=NU4K7P2QXM"]);
  });

  it("loads redeem_center's lead by leadId unless coming from result (paths in lower case)", async () => {
    const fromResult = gate("/staff/redeem_center?leadId=NU4K7P2QXM", "/Staff/Result?id=NU4K7P2QXM", valid);
    expect(await fromResult.result).toEqual({ kind: "show" });
    expect(fromResult.calls).toEqual([]);

    const direct = gate("/staff/redeem_center?leadId=NU4K7P2QXM", "/staff/verification", valid);
    await direct.result;
    expect(direct.calls).toEqual(["leadId=NU4K7P2QXM"]);
  });

  it("goes back to verification when the lead cannot be loaded", async () => {
    const missing = gate("/staff/result?id=NU4K7P2QXM", "", valid, async () => {
      throw new NotFoundError("找不到相關記錄");
    });
    expect(await missing.result).toEqual({ kind: "redirect", to: "/staff/verification?type=staff" });
  });

  it("treats a token the server refuses as the end of the session", async () => {
    const refused = gate("/staff/result?id=NU4K7P2QXM", "", valid, async () => {
      throw new ApiError({ status: 401, code: "TOKEN_EXPIRED", message: "登入已逾時" });
    });
    expect(await refused.result).toEqual({
      kind: "redirect",
      to: "/staff/home",
      set: { redirect_url: "/staff/result?id=NU4K7P2QXM" },
      remove: ["Token"],
    });
  });

  it("leaves home and invoice alone", async () => {
    expect(await gate("/staff/home", "", {}).result).toEqual({ kind: "show" });
    expect(await gate("/staff/invoice?id=1", "", {}).result).toEqual({ kind: "show" });
  });

  it("asks the server about the session once the token looks valid, and goes to sign-in when it is over", async () => {
    const asked: string[] = [];
    const ask = (live: boolean) => async () => {
      asked.push("confirm");
      return live;
    };
    const base = { path: "/staff/verification", from: "", nowMs: NOW, loadLead: async () => ({}) };
    expect(await runStaffGate({ ...base, flags: valid, confirmSession: ask(true) })).toEqual({
      kind: "show",
    });
    expect(await runStaffGate({ ...base, flags: valid, confirmSession: ask(false) })).toEqual({
      kind: "redirect",
      to: "/staff/home",
      set: { redirect_url: "/staff/verification" },
      remove: ["Token"],
    });
    expect(asked).toEqual(["confirm", "confirm"]);
    // No token: the guard alone decides, the server is not asked.
    await runStaffGate({ ...base, flags: expired, confirmSession: ask(false) });
    expect(asked).toHaveLength(2);
  });
});
