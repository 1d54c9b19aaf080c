/**
 * The invoice details staff type before the invoice QR code is made, checked in the browser with
 * the server's own schema (the server checks again; it has the last word).
 */
import { hkToday } from "../core/dates.ts";
import { halfWidth } from "../core/halfWidth.ts";
import { checkFields, type FieldProblem, invoiceCreateSchema, LIMITS } from "../core/schemas.ts";

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
export type { FieldProblem as InvoiceProblem } from "../core/schemas.ts";

/** The server's limits (lib/core/schemas.ts), for the form's maxlength and messages. */
export const INVOICE_LIMITS = {
  invoiceNoMax: LIMITS.id,
  shopMax: LIMITS.shortText,
  amountMax: LIMITS.amount,
} as const;

/** How far back the invoice date picker goes: a year (counter redemptions follow recent purchases). */
export const INVOICE_DATE_DAYS_BACK = 365;

/** An amount once read: digits with an optional decimal part. */
const AMOUNT_TEXT = /^\d+(\.\d+)?$/;

/** Commas only as thousands separators of the whole part: `1,280.50`, never `1.280,00`. */
const GROUPED = /^\d{1,3}(,\d{3})+(\.\d+)?$/;

/**
 * An amount as staff type or copy it from a receipt — `$1,280`, `HK$ 1,280.50`, `1280 元`, full
 * width — as plain digits: half-width first, then spaces and the currency dropped, then thousands
 * commas. Commas anywhere else stay, so the amount is refused rather than misread.
 */
export function amountDigits(text: string): string {
  const bare = halfWidth(text)
    .replace(/\s/g, "")
    .replace(/^(?:HKD|HK\$|\$)/i, "")
    .replace(/(?:HKD|港元|港幣|元)$/i, "");
  return GROUPED.test(bare) ? bare.replace(/,/g, "") : bare;
}

export function emptyInvoiceInput(nowMs?: number): InvoiceInput {
  return { invoice_no: "", invoice_date: hkToday(nowMs), amount: "", lead_id: "", shop: "" };
}

/**
 * The form's input judged by `POST /api/invoices`' own schema (its date check reads today's Hong
 * Kong date): the body to send, or the problem of each bad field. Only the amount is read here
 * first, from text to a number; a text that is not a number is a "format" problem.
 */
export function checkInvoiceInput(
  input: InvoiceInput,
): { ok: true; body: InvoiceBody } | { ok: false; problems: Partial<Record<InvoiceField, FieldProblem>> } {
  const amountText = amountDigits(input.amount);
  const checked = checkFields(invoiceCreateSchema, {
    ...input,
    invoice_date: input.invoice_date.trim(),
    amount: amountText === "" ? "" : AMOUNT_TEXT.test(amountText) ? Number(amountText) : Number.NaN,
  });
  if (checked.ok) {
    const { lead_id, invoice_no, invoice_date, amount, shop } = checked.output;
    return { ok: true, body: { lead_id, invoice_no, invoice_date, amount, shop } };
  }
  return { ok: false, problems: checked.problems };
}

/** The address the invoice QR code holds: the standalone invoice page of that record. */
export function invoicePageUrl(origin: string, id: string): string {
  return `${origin.replace(/\/+$/, "")}/staff/invoice?id=${encodeURIComponent(id)}`;
}
