import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { checkInvoiceInput } from "../staff/invoiceForm.ts";
import { leadRefFrom } from "../staff/leadRefInput.ts";
import { codeDigits, halfWidth, normaliseStaffId } from "./halfWidth.ts";
import { isLeadRef, normaliseLeadRef } from "./leadRef.ts";
import {
  emailCodeVerifySchema,
  invoiceCreateSchema,
  leadIdSchema,
  signOutSchema,
  staffLoginSchema,
  staffOtpSchema,
} from "./schemas.ts";

// What a Chinese input method types in full-width mode.
const FULL = {
  staffId: "Ｓ００１",
  code: "１２３４５６",
  lead: "ＮＵＤＥＭ００００１",
  amount: "１２８０",
};

describe("full-width letters and digits (a Chinese input method)", () => {
  it("fold to ASCII, the ideographic space to a space", () => {
    expect(halfWidth("ＡＢＣ　１２３．５")).toBe("ABC 123.5");
    expect(codeDigits(FULL.code)).toBe("123456");
    expect(codeDigits("１２３ ４５６７")).toBe("123456");
    expect(normaliseStaffId(" ｓ００１　")).toBe("S001");
  });

  it("are read by the schemas the server and the browser share", () => {
    const login = v.parse(staffLoginSchema, { staff_id: FULL.staffId, password: "x" });
    expect(login.staff_id).toBe("S001");
    expect(v.parse(staffOtpSchema, { staff_id: "ｓ００２", code: FULL.code })).toEqual({
      staff_id: "S002",
      code: "123456",
    });
    expect(v.parse(emailCodeVerifySchema, { email: "a@b.hk", code: FULL.code, flow: "nuform" }).code).toBe(
      "123456",
    );
    expect(v.parse(signOutSchema, { staff_id: "Ｓ９９９" }).staff_id).toBe("S999");
    expect(v.parse(leadIdSchema, FULL.lead)).toBe("NUDEM00001");
    expect(v.safeParse(staffOtpSchema, { staff_id: "S002", code: "１２３４５" }).success).toBe(false);
  });

  it("make a lead reference, typed or on the invoice form", () => {
    expect(normaliseLeadRef(FULL.lead)).toBe("NUDEM00001");
    expect(isLeadRef(normaliseLeadRef("ｎｕｄｅｍ００００１"))).toBe(true);
    expect(leadRefFrom(FULL.lead)).toBe("NUDEM00001");
  });

  it("make an invoice's amount and number", () => {
    const checked = checkInvoiceInput({
      invoice_no: "ＩＮＶ－００１",
      invoice_date: "2026-01-02",
      amount: FULL.amount,
      lead_id: FULL.lead,
      shop: "旺角店",
    });
    expect(checked).toMatchObject({
      ok: true,
      body: { amount: 1280, lead_id: "NUDEM00001", invoice_no: "INV-001" },
    });
    expect(checkInvoiceInput({ ...emptyish, amount: "ＨＫ＄１，２８０．５０" })).toMatchObject({
      ok: true,
      body: { amount: 1280.5 },
    });
    expect(v.parse(invoiceCreateSchema, { ...emptyish, amount: 1 }).invoice_no).toBe("A1");
  });
});

const emptyish = {
  invoice_no: "Ａ１",
  invoice_date: "2026-01-02",
  amount: "1",
  lead_id: "NUDEM00001",
  shop: "旺角店",
};
