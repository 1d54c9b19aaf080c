/**
 * Leads: one per (e-mail, flow). Customers create and change their own; staff read any (phone
 * and e-mail masked unless an admin asks for `full=1`) and may change them. The identity
 * columns are id, flow and e-mail; everything else of the lead is the `details` document.
 */
import { newLeadRef } from "../../lib/core/leadRef.ts";
import { isValidPhone } from "../../lib/core/lists/phoneCodes.ts";
import type { LeadCreateInput, LeadPatchInput } from "../../lib/core/schemas.ts";
import type { Flow, Lead, Redemption } from "../../lib/core/types.ts";
import type { Principal } from "../auth/tokens.ts";
import type { Queryable } from "../db/db.ts";
import { iso } from "../db/db.ts";
import type { Deps } from "../deps.ts";
import type { CustomerPrincipal } from "../http/auth.ts";
import { ApiFailure, type Envelope } from "../http/envelope.ts";
import { recordConsents } from "./customerTexts.ts";
import { type Answer, once, requestHash } from "./idempotency.ts";
import type { ReferenceLists } from "./lists.ts";

type Details = Omit<Lead, "id" | "flow" | "email" | "redemptions" | "created_at" | "updated_at">;

interface LeadRow {
  id: string;
  flow: Flow;
  email: string;
  details: Details;
  created_at: Date;
  updated_at: Date;
}

const EMPTY_DETAILS: Omit<Details, "last_name" | "first_name" | "phone_code" | "phone" | "consents"> = {
  residence: "HK",
  address: null,
  address_en: null,
  address_cn: null,
  tnc: null,
  partner: null,
  product_id: null,
  clinic_id: null,
  baby: null,
};

function toLead(row: LeadRow, redemptions: Redemption[]): Lead {
  return {
    id: row.id,
    flow: row.flow,
    email: row.email,
    ...EMPTY_DETAILS,
    ...row.details,
    redemptions,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

export function maskPhone(phone: string): string {
  return phone.length <= 4 ? "****" : `${"*".repeat(phone.length - 4)}${phone.slice(-4)}`;
}

/** Product, clinic and hospital ids must name something in the lists (held in memory). */
async function checkReferences(lists: ReferenceLists, fields: Partial<Details>): Promise<void> {
  if (fields.product_id && !(await lists.products()).ids.has(fields.product_id))
    throw new ApiFailure("VALIDATION_FAILED", { field: "product_id" });
  if (fields.clinic_id && !(await lists.clinics()).ids.has(fields.clinic_id))
    throw new ApiFailure("VALIDATION_FAILED", { field: "clinic_id" });
  if (fields.baby && !(await lists.hospitals(fields.baby.hospital_type)).ids.has(fields.baby.hospital_id))
    throw new ApiFailure("VALIDATION_FAILED", { field: "baby.hospital_id" });
}

function detailsOf(input: Partial<LeadCreateInput>): Partial<Details> {
  const { flow: _flow, email: _email, ...details } = input as LeadCreateInput;
  return details;
}

/** POST /api/lead: the customer's own lead for the token's flow, at most once per idempotency key. */
export async function createLead(
  deps: Deps,
  customer: CustomerPrincipal,
  input: LeadCreateInput,
  idempotencyKey: string | undefined,
): Promise<Answer> {
  if (input.email !== customer.email) throw new ApiFailure("FORBIDDEN", { field: "email" });
  if (input.flow !== customer.flow) throw new ApiFailure("FORBIDDEN", { field: "flow" });
  const nowMs = deps.now();
  return deps.db.transaction(async (tx) => {
    const details = { ...detailsOf(input), consents: await recordConsents(tx, input.consents, nowMs) };
    await checkReferences(deps.lists, details);
    const work = async (): Promise<{ status: number; body: Envelope }> => {
      const at = new Date(nowMs).toISOString();
      for (let attempt = 0; attempt < 5; attempt++) {
        const { rows } = await tx.query<LeadRow>(
          `INSERT INTO leads (id, flow, email, details, created_at, updated_at)
           VALUES ($1, $2, $3, $4::jsonb, $5, $5) ON CONFLICT DO NOTHING RETURNING *`,
          [newLeadRef(), input.flow, input.email, JSON.stringify(details), at],
        );
        if (rows[0]) return { status: 200, body: { Code: 200, Message: "OK", Data: [toLead(rows[0], [])] } };
        const existing = await tx.query<{ id: string }>(
          "SELECT id FROM leads WHERE email = $1 AND flow = $2",
          [input.email, input.flow],
        );
        if (existing.rows[0]) throw new ApiFailure("LEAD_EXISTS", { data: [{ id: existing.rows[0].id }] });
        // Otherwise the random id was taken: draw another.
      }
      throw new Error("no free lead id after 5 draws");
    };
    if (idempotencyKey === undefined) return { ...(await work()), replayed: false };
    return once(
      tx,
      { scope: `lead:${customer.email}`, key: idempotencyKey, hash: requestHash(input), nowMs },
      work,
    );
  });
}

/** The lead and its redemptions in one round trip. */
async function loadRow(
  q: Queryable,
  id: string,
  forUpdate = false,
): Promise<(LeadRow & { redemptions: Redemption[] }) | null> {
  const { rows } = await q.query<LeadRow & { redemptions: Redemption[] }>(
    `SELECT l.id, l.flow, l.email, l.details, l.created_at, l.updated_at,
       coalesce((SELECT json_agg(json_build_object('kind', r.kind, 'staff_id', r.staff_id,
                   'staff_name', r.staff_name, 'redeemed_at', r.redeemed_at) ORDER BY r.redeemed_at)
                 FROM redemptions r WHERE r.lead_id = l.id), '[]'::json) AS redemptions
     FROM leads l WHERE l.id = $1${forUpdate ? " FOR UPDATE OF l" : ""}`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return { ...row, redemptions: row.redemptions.map((r) => ({ ...r, redeemed_at: iso(r.redeemed_at) })) };
}

/** A customer sees only leads of its own e-mail; anything else is "not found", not "forbidden". */
function visibleTo<R extends LeadRow>(row: R | null, principal: Principal): row is R {
  return row !== null && (principal.kind === "staff" || row.email === principal.email);
}

/** GET /api/lead?id= */
export async function readLead(
  deps: Deps,
  principal: Principal,
  id: string,
  opts: { full: boolean; role?: string },
): Promise<Lead> {
  const row = await loadRow(deps.db, id);
  if (!visibleTo(row, principal)) throw new ApiFailure("NOT_FOUND");
  return forViewer(toLead(row, row.redemptions), principal, opts);
}

/** Counter staff verify a person without seeing all of their data; admins may ask for it. */
function forViewer(lead: Lead, principal: Principal, opts: { full: boolean; role?: string }): Lead {
  if (principal.kind === "staff" && !(opts.full && opts.role === "admin")) {
    return { ...lead, email: maskEmail(lead.email), phone: maskPhone(lead.phone) };
  }
  return lead;
}

/** PATCH /api/lead */
export async function patchLead(
  deps: Deps,
  principal: Principal,
  input: LeadPatchInput,
  opts: { full: boolean; role?: string },
): Promise<Lead> {
  const { id, ...changes } = input;
  return deps.db.transaction(async (tx) => {
    const row = await loadRow(tx, id, true);
    if (!visibleTo(row, principal)) throw new ApiFailure("NOT_FOUND");
    const consents = changes.consents && (await recordConsents(tx, changes.consents, deps.now()));
    const merged: Details = {
      ...EMPTY_DETAILS,
      ...row.details,
      ...changes,
      ...(consents ? { consents } : {}),
    };
    if (!isValidPhone(merged.phone_code, merged.phone))
      throw new ApiFailure("VALIDATION_FAILED", { field: "phone" });
    await checkReferences(deps.lists, changes);
    const { rows } = await tx.query<LeadRow>(
      "UPDATE leads SET details = $2::jsonb, updated_at = $3 WHERE id = $1 RETURNING *",
      [id, JSON.stringify(merged), new Date(deps.now()).toISOString()],
    );
    return forViewer(toLead(rows[0], row.redemptions), principal, opts);
  });
}
