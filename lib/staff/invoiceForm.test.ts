import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hkToday } from "../core/dates.ts";
import { amountDigits, checkInvoiceInput, emptyInvoiceInput, invoicePageUrl } from "./invoiceForm.ts";

// 2026-11-21 01:30 in Hong Kong is still 2026-11-20 in UTC.
const NOW = Date.parse("2026-11-20T17:30:00Z");

const valid = {
  invoice_no: "inv-2026/0001",
  invoice_date: "2026-11-21",
  amount: "1,280.50",
  lead_id: "NU4K7P2QXM",
  shop: "旺角店",
};

describe("invoice form", () => {
  // The schema's "not in the future" reads the clock: Hong Kong's 2026-11-21.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("dates by Hong Kong's calendar", () => {
    expect(hkToday(NOW)).toBe("2026-11-21");
    expect(emptyInvoiceInput(NOW).invoice_date).toBe("2026-11-21");
  });

  it("builds the body the server takes", () => {
    expect(checkInvoiceInput(valid)).toEqual({
      ok: true,
      body: {
        lead_id: "NU4K7P2QXM",
        invoice_no: "INV-2026/0001",
        invoice_date: "2026-11-21",
        amount: 1280.5,
        shop: "旺角店",
      },
    });
    const withLead = checkInvoiceInput({ ...valid, lead_id: " nu4k7p2qxo " });
    expect(withLead.ok && withLead.body.lead_id).toBe("NU4K7P2QX0");
  });

  it("names every bad field", () => {
    const result = checkInvoiceInput({
      invoice_no: "",
      invoice_date: "2026-02-30",
      amount: "12.345",
      lead_id: "NU123",
      shop: " ",
    });
    expect(result).toEqual({
      ok: false,
      problems: {
        invoice_no: "required",
        invoice_date: "format",
        amount: "format",
        lead_id: "format",
        shop: "required",
      },
    });
  });

  it("refuses future dates, zero and huge amounts, odd invoice numbers", () => {
    const check = (patch: Partial<typeof valid>) => {
      const result = checkInvoiceInput({ ...valid, ...patch });
      return result.ok ? null : result.problems;
    };
    expect(check({ invoice_date: "2026-11-22" })).toEqual({ invoice_date: "future" });
    expect(check({ amount: "0" })).toEqual({ amount: "range" });
    expect(check({ amount: "1000000.01" })).toEqual({ amount: "range" });
    expect(check({ amount: "-5" })).toEqual({ amount: "format" });
    expect(check({ invoice_no: "<script>" })).toEqual({ invoice_no: "format" });
    expect(check({ invoice_no: "A".repeat(41) })).toEqual({ invoice_no: "too_long" });
    expect(check({ amount: "12345678" })).toEqual({ amount: "range" });
    expect(check({ shop: "店".repeat(101) })).toEqual({ shop: "too_long" });
    expect(check({ amount: "HK$99" })).toBeNull();
    expect(check({ amount: "$1280," })).toEqual({ amount: "format" });
    expect(check({ amount: "$" })).toEqual({ amount: "required" });
    expect(check({ amount: "1.280,00" })).toEqual({ amount: "format" });
    expect(check({ lead_id: "  " })).toEqual({ lead_id: "required" });
  });

  it("reads an amount as it is written on a receipt", () => {
    for (const typed of ["$1,280", "HK$ 1,280", "HKD1280", "１，２８０", "＄1,280", "1 280 元", " 1280 "])
      expect(amountDigits(typed), typed).toBe("1280");
    expect(amountDigits("$1,280.50")).toBe("1280.50");
    const result = checkInvoiceInput({ ...valid, amount: "$1,280" });
    expect(result.ok && result.body.amount).toBe(1280);
  });

  it("points the QR code at the standalone invoice page", () => {
    expect(invoicePageUrl("https://shop.example/", "inv_1 2")).toBe(
      "https://shop.example/staff/invoice?id=inv_1%202",
    );
  });
});
