/**
 * The staff tools as custom elements (DESIGN.md §4). Pages pass the lead with `lead-id` (result,
 * redeem centre, nutritionist redemption) and the invoice with `invoice-id`; every element asks its
 * page to move with `nu-step` {step, params?, path?} (docs/staff.md).
 */
import {
  Invoice,
  InvoiceQrcode,
  NutritionistRedeem,
  RedeemCenter,
  StaffLogin,
  StaffResult,
  StaffVerification,
} from "../staff/index.ts";
import { defineElement } from "./define.ts";

defineElement("nu-staff-login", StaffLogin);
defineElement("nu-staff-verification", StaffVerification, { type: "string" });
defineElement("nu-staff-result", StaffResult, { leadId: "string" });
defineElement("nu-redeem-center", RedeemCenter, { leadId: "string" });
defineElement("nu-nutritionist-redeem", NutritionistRedeem, { leadId: "string" });
defineElement("nu-invoice-qrcode", InvoiceQrcode);
defineElement("nu-invoice", Invoice, { invoiceId: "string" });
