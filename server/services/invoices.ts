/**
 * Invoices behind the invoice QR code: created by staff for a lead and read by staff (docs/api.md);
 * the QR code carries the random, unguessable id of the record.
 */
import { randomUUID } from "node:crypto";
import type { InvoiceCreateInput } from "../../lib/core/schemas.ts";
import type { Invoice } from "../../lib/core/types.ts";
import { iso, pgCode } from "../db/db.ts";
import type { Deps } from "../deps.ts";
import { ApiFailure, type Envelope } from "../http/envelope.ts";
import { type Answer, requestHash, storedAnswer } from "./idempotency.ts";
import { type StaffRow, staffName } from "./staff.ts";

interface InvoiceRow {
  id: string;
  lead_id: string;
  staff_id: string;
  staff_name: string;
  details: Record<string, unknown>;
  created_at: Date | string;
}

function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    lead_id: row.lead_id,
    staff_id: row.staff_id,
    staff_name: row.staff_name,
    ...row.details,
    created_at: iso(row.created_at),
  };
}

/**
 * POST /api/invoices, at most once per idempotency key: with a key, the transaction claims it
 * first, storing the answer computed beforehand (id, details, time), and rolls back with the
 * invoice when anything fails, so no key stays claimed for an answer never given. A retry with
 * the same key and body (the first answer was lost) gets that answer again; another body is 409
 * IDEMPOTENCY_CONFLICT. Keys are per staff member.
 */
export async function createInvoice(
  deps: Deps,
  staff: StaffRow,
  input: InvoiceCreateInput,
  idempotencyKey?: string,
): Promise<Answer> {
  const { lead_id, ...rest } = input;
  const details = {
    invoice_no: rest.invoice_no ?? null,
    invoice_date: rest.invoice_date ?? null,
    shop: rest.shop ?? null,
    amount: rest.amount ?? null,
    currency: "HKD",
    items: rest.items ?? [],
    note: rest.note ?? null,
  };
  const ref =
    idempotencyKey === undefined
      ? undefined
      : { scope: `invoice:${staff.staff_id}`, key: idempotencyKey, hash: requestHash(input) };
  try {
    return await insertInvoice(deps, staff, lead_id, details, ref);
  } catch (error) {
    if (pgCode(error) === "23505") throw new ApiFailure("INVOICE_EXISTS", { field: "invoice_no" });
    throw error;
  }
}

async function insertInvoice(
  deps: Deps,
  staff: StaffRow,
  lead_id: string,
  details: { items: { product_id: string }[] } & Record<string, unknown>,
  ref: { scope: string; key: string; hash: string } | undefined,
): Promise<Answer> {
  const at = new Date(deps.now()).toISOString();
  // As the database will hold it, so the stored answer equals a later read.
  const invoice = toInvoice({
    id: randomUUID(),
    lead_id,
    staff_id: staff.staff_id,
    staff_name: staffName(staff),
    details: JSON.parse(JSON.stringify(details)),
    created_at: at,
  });
  const body: Envelope = { Code: 200, Message: "OK", Data: [invoice] };
  const json = JSON.stringify(body);
  return deps.db.transaction(async (tx) => {
    if (ref) {
      const claim = await tx.query(
        `INSERT INTO idempotency_keys (scope, key, request_hash, status, response, created_at)
         VALUES ($1, $2, $3, 200, $4::jsonb, $5) ON CONFLICT (scope, key) DO NOTHING RETURNING key`,
        [ref.scope, ref.key, ref.hash, json, at],
      );
      if (claim.rowCount === 0) return storedAnswer(tx, ref);
    }
    const lead = await tx.query("SELECT 1 FROM leads WHERE id = $1", [lead_id]);
    if (lead.rowCount === 0) throw new ApiFailure("NOT_FOUND", { field: "lead_id" });
    for (const [i, item] of details.items.entries()) {
      const known = await tx.query("SELECT 1 FROM products WHERE id = $1", [item.product_id]);
      if (known.rowCount === 0) throw new ApiFailure("VALIDATION_FAILED", { field: `items.${i}.product_id` });
    }
    await tx.query(
      `INSERT INTO invoices (id, lead_id, staff_id, staff_name, details, created_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6)`,
      [invoice.id, lead_id, staff.staff_id, invoice.staff_name, JSON.stringify(details), at],
    );
    return { status: 200, body, json, replayed: false };
  });
}

export async function readInvoice(deps: Deps, id: string): Promise<Invoice> {
  const { rows } = await deps.db.query<InvoiceRow>("SELECT * FROM invoices WHERE id = $1", [id]);
  if (!rows[0]) throw new ApiFailure("NOT_FOUND");
  return toInvoice(rows[0]);
}
