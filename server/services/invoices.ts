/**
 * Invoices behind the invoice QR code: created by staff for a lead and read by staff (DESIGN §5);
 * the QR code carries the random, unguessable id of the record.
 */
import { randomUUID } from "node:crypto";
import type { InvoiceCreateInput } from "../../lib/core/schemas.ts";
import type { Invoice } from "../../lib/core/types.ts";
import { iso, pgCode } from "../db/db.ts";
import type { Deps } from "../deps.ts";
import { ApiFailure } from "../http/envelope.ts";
import { type StaffRow, staffName } from "./staff.ts";

interface InvoiceRow {
  id: string;
  lead_id: string;
  staff_id: string;
  staff_name: string;
  details: Record<string, unknown>;
  created_at: Date;
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

export async function createInvoice(
  deps: Deps,
  staff: StaffRow,
  input: InvoiceCreateInput,
): Promise<Invoice> {
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
  try {
    return await insertInvoice(deps, staff, lead_id, details);
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
): Promise<Invoice> {
  return deps.db.transaction(async (tx) => {
    const lead = await tx.query("SELECT 1 FROM leads WHERE id = $1", [lead_id]);
    if (lead.rowCount === 0) throw new ApiFailure("NOT_FOUND", { field: "lead_id" });
    for (const [i, item] of details.items.entries()) {
      const known = await tx.query("SELECT 1 FROM products WHERE id = $1", [item.product_id]);
      if (known.rowCount === 0) throw new ApiFailure("VALIDATION_FAILED", { field: `items.${i}.product_id` });
    }
    const { rows } = await tx.query<InvoiceRow>(
      `INSERT INTO invoices (id, lead_id, staff_id, staff_name, details, created_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6) RETURNING *`,
      [
        randomUUID(),
        lead_id,
        staff.staff_id,
        staffName(staff),
        JSON.stringify(details),
        new Date(deps.now()).toISOString(),
      ],
    );
    return toInvoice(rows[0]);
  });
}

export async function readInvoice(deps: Deps, id: string): Promise<Invoice> {
  const { rows } = await deps.db.query<InvoiceRow>("SELECT * FROM invoices WHERE id = $1", [id]);
  if (!rows[0]) throw new ApiFailure("NOT_FOUND");
  return toInvoice(rows[0]);
}
