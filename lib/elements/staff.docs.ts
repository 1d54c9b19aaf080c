/**
 * The documentation of the elements that staff.ts registers, for custom-elements.json (see
 * build/custom-elements-manifest.ts). Kept apart from the registrations so the bundle never
 * carries it; the generator fails when the two disagree.
 */
import type { AttributeDoc, ElementDoc, EventDoc } from "./meta.ts";

const staffEvents: Record<`nu-${string}`, EventDoc> = {
  "nu-step": {
    detail: "{ step: StaffStep; params?: Record<string, string>; path?: string }",
    description:
      "The tool asks its page to move to a staff page: `/staff/<step>?<params>`, or `path` when given.",
  },
  "nu-error": {
    detail: "{ code: string; message: string }",
    description:
      "A call failed (the tool shows the message too); `LOAD_FAILED` when the tool's code did not load.",
  },
};

/** The redemption tools confirm in a dialog, whose events reach the page too. */
const redeemEvents: Record<`nu-${string}`, EventDoc> = {
  ...staffEvents,
  "nu-confirm": { detail: "{ value?: string }", description: "The redemption was confirmed in its dialog." },
  "nu-cancel": { detail: "{}", description: "The redemption dialog was cancelled." },
};

/** The invoice form's date field is the project's date picker, whose dialog reports through the element. */
const invoiceEvents: Record<`nu-${string}`, EventDoc> = {
  ...staffEvents,
  "nu-confirm": {
    detail: "{ value: string }",
    description: "An invoice date was confirmed in the calendar (DD/MM/YYYY).",
  },
  "nu-change": { detail: "{ value: string }", description: "The invoice date changed (DD/MM/YYYY)." },
  "nu-cancel": { detail: "{}", description: "The calendar was closed without choosing a date." },
};

const leadId = (query: string): Record<"leadId", AttributeDoc> => ({
  leadId: { description: `The lead reference (NU…), as the page's \`${query}\` query carries it.` },
});

export const STAFF_DOCS: ElementDoc[] = [
  {
    tag: "nu-staff-login",
    reactExport: "StaffLogin",
    source: "staff/StaffLogin.tsx",
    summary: "Staff sign-in (staff id and password) with the one-time-code step.",
    attributes: {},
    events: staffEvents,
  },
  {
    tag: "nu-staff-verification",
    reactExport: "StaffVerification",
    source: "staff/StaffVerification.tsx",
    summary: "Customer verification: scan the member QR code or type the lead reference.",
    attributes: {
      failedLead: {
        default: "false",
        description: "The page was reached because a lead failed to load (`?type=staff`): says so.",
      },
    },
    events: staffEvents,
  },
  {
    tag: "nu-staff-result",
    reactExport: "StaffResult",
    source: "staff/StaffResult.tsx",
    summary: "A customer's lead record as counter staff see it.",
    attributes: leadId("id"),
    events: redeemEvents,
  },
  {
    tag: "nu-redeem-center",
    reactExport: "RedeemCenter",
    source: "staff/RedeemCenter.tsx",
    summary: "The member redemption of one lead (exactly once).",
    attributes: leadId("leadId"),
    events: redeemEvents,
  },
  {
    tag: "nu-nutritionist-redeem",
    reactExport: "NutritionistRedeem",
    source: "staff/NutritionistRedeem.tsx",
    summary: "The nutritionist redemption of one lead; asks for a lead reference when none is given.",
    attributes: leadId("id"),
    events: redeemEvents,
  },
  {
    tag: "nu-invoice-qrcode",
    reactExport: "InvoiceQrcode",
    source: "staff/InvoiceQrcode.tsx",
    summary: "Creates an invoice record and shows its QR code for printing.",
    attributes: {},
    events: invoiceEvents,
  },
  {
    tag: "nu-invoice",
    reactExport: "Invoice",
    source: "staff/Invoice.tsx",
    summary: "One invoice record, as its QR code opens it.",
    attributes: {
      invoiceId: { description: "The invoice record id, as the page's `id` query carries it." },
    },
    events: staffEvents,
  },
  {
    tag: "nu-lead-desk",
    reactExport: "LeadDesk",
    source: "staff/desk/LeadDesk.tsx",
    summary:
      "The lead desk for admins: leads with search, filters, paging and CSV export, a lead in full, the funnel, the audit log and webhook deliveries.",
    attributes: {
      query: {
        description:
          'Where the desk is, as the page\'s query (`?q=…&cursor=…`, `?id=NU…`, `?tab=funnel|audit|webhooks`); the desk asks to move with `nu-step` `{ step: "leads", path }`.',
      },
    },
    events: staffEvents,
  },
];
