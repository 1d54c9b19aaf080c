/**
 * The invoice details staff type before the invoice QR code is made, checked in the browser with
 * the same limits the server applies (the server checks again; it has the last word).
 */
import { hkToday, isValidYmd } from "../core/dates.ts";
import { isLeadRef, normaliseLeadRef } from "../core/leadRef.ts";
import { INVOICE_NO_PATTERN, LIMITS } from "../core/schemas.ts";

export interface InvoiceInput {
  invoice_no: string;
  /** YYYY-MM-DD */
  invoice_date: string;
  /** Hong Kong dollars as typed, e.g. `1280` or `1280.50`. */
  amount: string;
  /** The customer's lead reference (the server ties every invoice to a lead). */
  lead_id: string;
  shop: string;
}

export interface InvoiceBody {
  invoice_no: string;
  invoice_date: string;
  amount: number;
  lead_id: string;
  shop: string;
}

export type InvoiceField = keyof InvoiceInput;
export type InvoiceProblem = "required" | "format" | "future" | "range";

/** The server's limits (lib/core/schemas.ts), for the form's maxlength and messages. */
export const INVOICE_LIMITS = {
  invoiceNoMax: LIMITS.id,
  shopMax: LIMITS.shortText,
  amountMax: LIMITS.amount,
} as const;

/** How far back the invoice date picker goes: a year (counter redemptions follow recent purchases). */
export const INVOICE_DATE_DAYS_BACK = 365;

const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

export function emptyInvoiceInput(nowMs?: number): InvoiceInput {
  return { invoice_no: "", invoice_date: hkToday(nowMs), amount: "", lead_id: "", shop: "" };
}

export function checkInvoiceInput(
  input: InvoiceInput,
  nowMs: number = Date.now(),
): { ok: true; body: InvoiceBody } | { ok: false; problems: Partial<Record<InvoiceField, InvoiceProblem>> } {
  const problems: Partial<Record<InvoiceField, InvoiceProblem>> = {};
  const invoiceNo = input.invoice_no.trim().toUpperCase();
  if (!invoiceNo) problems.invoice_no = "required";
  else if (invoiceNo.length > INVOICE_LIMITS.invoiceNoMax || !INVOICE_NO_PATTERN.test(invoiceNo))
    problems.invoice_no = "format";

  const date = input.invoice_date.trim();
  if (!date) problems.invoice_date = "required";
  else if (!isValidYmd(date)) problems.invoice_date = "format";
  else if (date > hkToday(nowMs)) problems.invoice_date = "future";

  const amountText = input.amount.trim().replace(/,/g, "").replace(/^HK\$/i, "");
  const amount = Number(amountText);
  if (!amountText) problems.amount = "required";
  else if (!AMOUNT.test(amountText)) problems.amount = "format";
  else if (amount <= 0 || amount > INVOICE_LIMITS.amountMax) problems.amount = "range";

  const leadId = normaliseLeadRef(input.lead_id);
  if (!leadId) problems.lead_id = "required";
  else if (!isLeadRef(leadId)) problems.lead_id = "format";

  const shop = input.shop.trim();
  if (!shop) problems.shop = "required";
  else if (shop.length > INVOICE_LIMITS.shopMax) problems.shop = "format";

  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    body: { lead_id: leadId, invoice_no: invoiceNo, invoice_date: date, amount, shop },
  };
}

/** The address the invoice QR code holds: the standalone invoice page of that record. */
export function invoicePageUrl(origin: string, id: string): string {
  return `${origin.replace(/\/+$/, "")}/staff/invoice?id=${encodeURIComponent(id)}`;
}
