/**
 * The staff tools as custom elements (docs/elements.md). Pages pass the lead with `lead-id` (result,
 * redeem centre, nutritionist redemption) and the invoice with `invoice-id`; every element asks its
 * page to move with `nu-step` {step, params?, path?} (docs/staff.md).
 */
import { registerElements } from "./define.ts";
import type { ElementDefinition } from "./meta.ts";

export const STAFF_ELEMENTS: ElementDefinition[] = [
  {
    tag: "nu-staff-login",
    load: () => import("../staff/StaffLogin.tsx").then((m) => m.StaffLogin),
    props: {},
    // Its own texts come with its code (StaffLogin.tsx).
    messages: "sign-in",
  },
  {
    tag: "nu-staff-verification",
    load: () => import("../staff/StaffVerification.tsx").then((m) => m.StaffVerification),
    props: { failedLead: "boolean" },
  },
  {
    tag: "nu-staff-result",
    load: () => import("../staff/StaffResult.tsx").then((m) => m.StaffResult),
    props: { leadId: "string" },
  },
  {
    tag: "nu-redeem-center",
    load: () => import("../staff/RedeemCenter.tsx").then((m) => m.RedeemCenter),
    props: { leadId: "string" },
  },
  {
    tag: "nu-nutritionist-redeem",
    load: () => import("../staff/NutritionistRedeem.tsx").then((m) => m.NutritionistRedeem),
    props: { leadId: "string" },
  },
  {
    tag: "nu-invoice-qrcode",
    load: () => import("../staff/InvoiceQrcode.tsx").then((m) => m.InvoiceQrcode),
    props: {},
  },
  {
    tag: "nu-invoice",
    load: () => import("../staff/Invoice.tsx").then((m) => m.Invoice),
    props: { invoiceId: "string" },
  },
  {
    tag: "nu-lead-desk",
    load: () => import("../staff/desk/LeadDesk.tsx").then((m) => m.LeadDesk),
    props: { query: "string" },
  },
];

registerElements(STAFF_ELEMENTS);
