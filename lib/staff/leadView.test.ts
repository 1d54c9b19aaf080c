import { describe, expect, it } from "vitest";
import { t } from "../core/i18n/index.ts";
import type { Lead } from "../core/types.ts";
import { formatHkDateTime, formatHkd, formatYmd } from "./format.ts";
import {
  babyText,
  customerName,
  phoneText,
  redeemedByText,
  redemptionOf,
  residenceText,
} from "./leadView.ts";

const lead = {
  first_name: "大文",
  last_name: "陳",
  phone_code: "852",
  phone: "9123****",
  residence: "HK",
  address: { region: "KLN", district: "KLC" },
  address_cn: null,
  baby: { status: "expecting", date: "2027-01-05", hospital_type: "Public", hospital_id: 3 },
  redemptions: [
    { kind: "member", staff_id: "S001", staff_name: "陳美玲", redeemed_at: "2026-11-21T06:05:00Z" },
  ],
} as unknown as Lead;

describe("lead as staff read it", () => {
  it("writes names the way each language does", () => {
    expect(customerName(lead)).toBe("陳大文");
    expect(customerName({ first_name: "Tai Man", last_name: "CHAN" })).toBe("Tai Man CHAN");
  });

  it("shows the masked phone with its code and where the customer lives", () => {
    expect(phoneText(lead)).toBe("+852 9123****");
    expect(residenceText(lead, "zh-HK")).toBe("香港 · 九龍 九龍城區");
    expect(residenceText(lead, "en")).toBe("Hong Kong · Kowloon Kowloon City");
    expect(
      residenceText(
        {
          residence: "CN",
          address: null,
          address_cn: { province: "廣東省", city: "深圳市", district: "", detail: "x" },
        },
        "zh-HK",
      ),
    ).toBe("中國內地 · 廣東省 深圳市");
  });

  it("describes the baby", () => {
    expect(babyText(lead, "zh-HK")).toBe("懷孕中，預產期 05/01/2027");
    expect(babyText({ baby: null }, "zh-HK")).toBe("未有提供");
  });

  it("says who redeemed and when, in Hong Kong time", () => {
    const done = redemptionOf(lead, "member");
    expect(done && redeemedByText(done, "zh-HK")).toBe("由 陳美玲（S001） 於 21/11/2026 14:05 兌換");
    expect(done && redeemedByText(done, "en")).toBe("Redeemed by 陳美玲 (S001) on 21/11/2026 14:05");
    expect(redemptionOf(lead, "nutritionist")).toBeUndefined();
  });

  it("names the nutritionist staff recorded, and only on a nutritionist redemption", () => {
    const at = { staff_id: "S001", staff_name: "陳美玲", redeemed_at: "2026-11-21T06:05:00Z" };
    const nutritionist = { ...at, kind: "nutritionist" as const, note: " 王營養師 " };
    expect(redeemedByText(nutritionist, "zh-HK")).toBe(
      "由 陳美玲（S001） 於 21/11/2026 14:05 兌換（營養師：王營養師）",
    );
    expect(redeemedByText(nutritionist, "en")).toBe(
      "Redeemed by 陳美玲 (S001) on 21/11/2026 14:05 (nutritionist: 王營養師)",
    );
    expect(redeemedByText({ ...nutritionist, note: null }, "zh-HK")).toBe(
      "由 陳美玲（S001） 於 21/11/2026 14:05 兌換",
    );
    expect(redeemedByText({ ...at, kind: "member", note: "王營養師" }, "zh-HK")).toBe(
      "由 陳美玲（S001） 於 21/11/2026 14:05 兌換",
    );
  });
});

describe("formats", () => {
  it("handles empty and unreadable values", () => {
    expect(formatHkDateTime("")).toBe("");
    expect(formatHkDateTime("yesterday")).toBe("");
    expect(formatHkDateTime("2026-11-21T17:30:00Z")).toBe("22/11/2026 01:30");
    expect(formatYmd("2026-11-21")).toBe("21/11/2026");
    expect(formatHkd(1280.5)).toBe("HK$1,280.50");
    expect(formatHkd("abc")).toBe("");
  });
});

describe("redemption sentences", () => {
  it("reads as English sentences around who and when (no 'Redeemed: Redeemed by', no capital mid-sentence)", () => {
    const done = {
      kind: "member" as const,
      staff_id: "S001",
      staff_name: "Kelly Lee",
      redeemed_at: "2026-11-21T06:05:00Z",
    };
    const detail = redeemedByText(done, "en");
    expect(t("en", "staff.redeem.success", { detail })).toBe(
      "Done. Redeemed by Kelly Lee (S001) on 21/11/2026 14:05.",
    );
    expect(t("en", "staff.redeem.already", { detail })).toBe(
      "This customer has already redeemed it and cannot redeem it again. Redeemed by Kelly Lee (S001) on 21/11/2026 14:05.",
    );
    const item = t("en", "staff.redeem.item.member");
    expect(t("en", "staff.redeem.button", { item })).toBe("Redeem the member gift");
    expect(t("en", "staff.redeem.confirmMessage", { item, name: "Tai Man Chan", ref: "NU4K7P2QXM" })).toBe(
      "Redeem the member gift for Tai Man Chan (NU4K7P2QXM)?\nThis cannot be undone.",
    );
    expect(t("zh-HK", "staff.redeem.button", { item: t("zh-HK", "staff.redeem.item.member") })).toBe(
      "兌換會員禮品",
    );
  });
});
