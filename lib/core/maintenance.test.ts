import { describe, expect, it } from "vitest";
import {
  LINK_MESSAGE_MAX_LENGTH,
  maintenanceDecision,
  maintenancePageMessage,
  maintenanceRedirect,
} from "./maintenance.ts";
import type { MaintenanceRecord } from "./types.ts";

const open: MaintenanceRecord = {
  environment: "prod",
  enable_maintenance: "false",
  enable_maintenance_nuform: "false",
  enable_maintenance_reform: "false",
  nuform_online_date: "",
  maintenance_messages: "系統維護中，請稍後再試。",
  maintenance_messages_nuform: "nuForm 暫停服務",
  maintenance_messages_reform: "登記表格暫停服務",
};
const ONLINE = "2026-12-01T10:00:00+08:00";
const ONLINE_MS = Date.parse(ONLINE);
const pageUrl = "/maintenance";
const decide = (
  record: Partial<MaintenanceRecord>,
  flow: "nuform" | "recruitment",
  nowMs = ONLINE_MS,
  url = pageUrl,
) => maintenanceDecision({ record: { ...open, ...record }, flow, nowMs, pageUrl: url });

describe("maintenanceDecision", () => {
  it("blocks nothing when every flag is off", () => {
    expect(decide({}, "nuform")).toEqual({ blocked: false });
    expect(decide({}, "recruitment")).toEqual({ blocked: false });
  });

  it("applies only when environment is prod", () => {
    for (const environment of ["dev", "uat", "PROD", ""]) {
      expect(decide({ environment, enable_maintenance: "true" }, "nuform")).toEqual({ blocked: false });
      expect(decide({ environment, enable_maintenance_reform: "true" }, "recruitment")).toEqual({
        blocked: false,
      });
    }
  });

  it("blocks nothing without a record", () => {
    expect(maintenanceDecision({ record: null, flow: "nuform", pageUrl })).toEqual({ blocked: false });
  });

  it("global flag: blocks both flows, clears the sign-in flags, sends the global message", () => {
    for (const flow of ["nuform", "recruitment"] as const) {
      expect(decide({ enable_maintenance: "true" }, flow)).toEqual({
        blocked: true,
        scope: "global",
        message: open.maintenance_messages,
        redirectTo: `/maintenance?message=${encodeURIComponent(open.maintenance_messages)}`,
        clearFlags: [
          "isAuthenticated",
          "isAuthenticatedRe",
          "CUSTOMER_TOKEN",
          "isInserted",
          "IsSelectedNUProduct",
          "RECTUITMENTFORM",
        ],
      });
    }
  });

  it("global flag wins over a flow's own flag", () => {
    const d = decide({ enable_maintenance: "true", enable_maintenance_nuform: "true" }, "nuform");
    expect(d.blocked && d.scope).toBe("global");
  });

  it("flags are the string 'true' only", () => {
    for (const value of ["TRUE", "1", "yes", "false", ""]) {
      expect(
        decide(
          { enable_maintenance: value, enable_maintenance_nuform: value, enable_maintenance_reform: value },
          "nuform",
        ),
      ).toEqual({
        blocked: false,
      });
    }
  });

  it("nuForm flag blocks nuForm only, with its message and no flag clearing", () => {
    expect(decide({ enable_maintenance_nuform: "true" }, "nuform")).toEqual({
      blocked: true,
      scope: "nuform",
      message: open.maintenance_messages_nuform,
      redirectTo: `/maintenance?message=${encodeURIComponent(open.maintenance_messages_nuform)}`,
      clearFlags: [],
    });
    expect(decide({ enable_maintenance_nuform: "true" }, "recruitment")).toEqual({ blocked: false });
  });

  it("recruitment flag blocks the recruitment form only, with its message", () => {
    const d = decide({ enable_maintenance_reform: "true" }, "recruitment");
    expect(d).toMatchObject({
      blocked: true,
      scope: "recruitment",
      message: open.maintenance_messages_reform,
      clearFlags: [],
    });
    expect(decide({ enable_maintenance_reform: "true" }, "nuform")).toEqual({ blocked: false });
  });

  it("blocks nuForm before its online date and opens it exactly at that time", () => {
    const d = decide({ nuform_online_date: ONLINE }, "nuform", ONLINE_MS - 1);
    expect(d).toMatchObject({ blocked: true, scope: "nuform", message: open.maintenance_messages_nuform });
    expect(decide({ nuform_online_date: ONLINE }, "nuform", ONLINE_MS)).toEqual({ blocked: false });
    expect(decide({ nuform_online_date: ONLINE }, "nuform", ONLINE_MS + 1)).toEqual({ blocked: false });
    expect(decide({ nuform_online_date: ONLINE }, "recruitment", ONLINE_MS - 1)).toEqual({ blocked: false });
  });

  it("reads the online date's offset (10:00 in Hong Kong is 02:00 UTC)", () => {
    expect(decide({ nuform_online_date: ONLINE }, "nuform", Date.parse("2026-12-01T01:59:59Z")).blocked).toBe(
      true,
    );
    expect(decide({ nuform_online_date: ONLINE }, "nuform", Date.parse("2026-12-01T02:00:00Z")).blocked).toBe(
      false,
    );
  });

  it("an empty or unreadable online date does not block", () => {
    expect(decide({ nuform_online_date: "" }, "nuform", 0)).toEqual({ blocked: false });
    expect(decide({ nuform_online_date: "soon" }, "nuform", 0)).toEqual({ blocked: false });
  });
});

describe("maintenanceRedirect", () => {
  it("adds the message with ? or & as the page URL needs", () => {
    expect(maintenanceRedirect("/maintenance", "a b&c")).toBe("/maintenance?message=a%20b%26c");
    expect(maintenanceRedirect("/maintenance?brand=x", "m")).toBe("/maintenance?brand=x&message=m");
    expect(maintenanceRedirect("/maintenance?", "m")).toBe("/maintenance?message=m");
    expect(maintenanceRedirect("https://status.example.com/nu?x=1&", "m")).toBe(
      "https://status.example.com/nu?x=1&message=m",
    );
  });

  it("works with an absolute page URL and keeps a #fragment last", () => {
    expect(maintenanceRedirect("https://status.example.com/nu", "維護")).toBe(
      `https://status.example.com/nu?message=${encodeURIComponent("維護")}`,
    );
    expect(maintenanceRedirect("https://status.example.com/nu#top", "m")).toBe(
      "https://status.example.com/nu?message=m#top",
    );
  });

  it("is what a blocked decision redirects to", () => {
    const d = decide({ enable_maintenance: "true" }, "nuform", 0, "https://status.example.com/p?lang=zh");
    expect(d.blocked && d.redirectTo).toBe(
      `https://status.example.com/p?lang=zh&message=${encodeURIComponent(open.maintenance_messages)}`,
    );
  });
});

describe("maintenancePageMessage", () => {
  const ON = Date.parse("2027-01-01T00:00:00+08:00");
  it("while the record blocks, shows the record's message, whatever the link says", () => {
    const record = { ...open, enable_maintenance_nuform: "true" };
    expect(maintenancePageMessage(record, "請致電 9999 9999 轉帳", ON)).toBe(
      open.maintenance_messages_nuform,
    );
    expect(maintenancePageMessage(record, "今晚停機", ON)).toBe(open.maintenance_messages_nuform);
  });

  it("with nothing blocking, shows the link's message: plain text, never contact details", () => {
    expect(maintenancePageMessage(open, "系統升級中，預計 2026-12-01 上午 10:00 恢復", ON)).toBe(
      "系統升級中，預計 2026-12-01 上午 10:00 恢復",
    );
    expect(maintenancePageMessage(null, "Back at 6 p.m.", ON)).toBe("Back at 6 p.m.");
    // Ordinary notices keep showing: Chinese numerals in dates and times, sentences in English.
    for (const notice of [
      "系統於十二月一日凌晨一時至三時進行維護，敬請見諒。",
      "nuForm 暫停登記，二〇二六年十二月二日恢復。",
      "We are upgrading. Please come back after 11 p.m. Thank you.",
    ])
      expect(maintenancePageMessage(open, notice, ON), notice).toBe(notice);
    for (const scam of [
      "請致電 9999 9999 轉帳",
      "WhatsApp +852 61234567",
      "請到 nu-rewards.example 重新登記",
      "https://evil.example/login",
      "www.fake.hk",
      "電郵 help@fake.example",
      "IG @nu_gift",
      "x".repeat(LINK_MESSAGE_MAX_LENGTH + 1),
      "a\u202Eb",
      "   ",
      // Disguised: full-width digits, digits in Chinese, a dot written otherwise.
      "維護中 請加 WhatsApp ９１２３４５６７",
      "系統維護中，請致電二三四五六七八九查詢",
      "系統維護中，請致電貳參肆伍陸柒捌玖查詢",
      "Maintenance: visit evil[.]example",
      "Maintenance: visit evil(dot)example",
      "維護中，請到 evil。com 登記",
      "維護中，請到 ｅｖｉｌ．ｃｏｍ 登記",
      // What a scam asks for, with no contact details at all.
      "系統維護中。你的帳戶已被凍結，請立即回覆驗證碼以解鎖",
      "Reply with your verification code to keep your gift",
      "請提供信用卡資料以保留禮品",
    ]) {
      expect(maintenancePageMessage(open, scam, ON), scam).toBeNull();
    }
    expect(maintenancePageMessage(open, null, ON)).toBeNull();
  });

  it("lets the link pick among the active messages, global first otherwise", () => {
    const both = { ...open, enable_maintenance_nuform: "true", enable_maintenance_reform: "true" };
    expect(maintenancePageMessage(both, open.maintenance_messages_reform, ON)).toBe(
      open.maintenance_messages_reform,
    );
    expect(maintenancePageMessage(both, null, ON)).toBe(open.maintenance_messages_nuform);
    const global = { ...both, enable_maintenance: "true" };
    expect(maintenancePageMessage(global, "anything", ON)).toBe(open.maintenance_messages);
  });

  it("shows nothing of a record outside prod", () => {
    expect(
      maintenancePageMessage({ ...open, environment: "uat", enable_maintenance: "true" }, null, ON),
    ).toBeNull();
  });
});
