/**
 * What the brand answers for one person (docs/privacy.md): everything held about an e-mail
 * (access), and its erasure. Erasure and retention share `anonymiseLeads`: a lead keeps its row,
 * id, flow, times and redemptions (kind, day, staff) and loses the person. Used by the admin API
 * and by the command-line tools, hence the narrow context instead of the whole Deps.
 */
import type { Lead, Redemption } from "../../lib/core/types.ts";
import type { Secrets } from "../auth/secret.ts";
import { type Db, iso, type Queryable } from "../db/db.ts";
import { type ConsentEvent, consentHistory } from "./consents.ts";
import { emitEvent } from "./events.ts";
import { type LeadRow, toLead } from "./leads.ts";

export interface PrivacyContext {
  db: Db;
  secrets: Secrets;
  now: () => number;
}

/** The keyed hash that names a person where their e-mail may not be kept (audit, erased leads). */
export function subjectKey(secrets: Secrets, email: string): string {
  return secrets.hmac("subject", email.trim().toLowerCase());
}

export interface SubjectReport {
  email: string;
  leads: Lead[];
  consents: (ConsentEvent & { lead_id: string })[];
  redemptions: (Redemption & { lead_id: string })[];
  invoices: { id: string; lead_id: string; created_at: string; details: Record<string, unknown> }[];
  mails: { kind: string; created_at: string; sent_at: string | null }[];
}

/** Everything held about the person with this e-mail, every flow. */
export async function subjectReport(q: Queryable, email: string): Promise<SubjectReport> {
  const { rows: leadRows } = await q.query<LeadRow>(
    `SELECT id, flow, email, details, created_at, updated_at FROM leads
     WHERE email = $1 AND erased_at IS NULL ORDER BY created_at, id`,
    [email],
  );
  const ids = leadRows.map((l) => l.id);
  const { rows: redemptionRows } = await q.query<
    Redemption & { lead_id: string; redeemed_at: Date | string }
  >(
    `SELECT lead_id, kind, staff_id, staff_name, note, redeemed_at FROM redemptions
     WHERE lead_id = ANY($1::text[]) ORDER BY redeemed_at`,
    [ids],
  );
  const redemptions = redemptionRows.map((r) => ({ ...r, redeemed_at: iso(r.redeemed_at) }));
  const { rows: invoiceRows } = await q.query<{
    id: string;
    lead_id: string;
    created_at: Date | string;
    details: Record<string, unknown>;
  }>(
    "SELECT id, lead_id, created_at, details FROM invoices WHERE lead_id = ANY($1::text[]) ORDER BY created_at",
    [ids],
  );
  const { rows: mailRows } = await q.query<{ kind: string; created_at: Date | string; sent_at: Date | null }>(
    "SELECT kind, created_at, sent_at FROM outbox WHERE to_addr = $1 OR mail_to = $1 ORDER BY created_at",
    [email],
  );
  return {
    email,
    leads: leadRows.map((row) =>
      toLead(
        row,
        redemptions.filter((r) => r.lead_id === row.id),
      ),
    ),
    consents: await consentHistory(q, ids),
    redemptions,
    invoices: invoiceRows.map((i) => ({ ...i, created_at: iso(i.created_at) })),
    mails: mailRows.map((m) => ({
      kind: m.kind,
      created_at: iso(m.created_at),
      sent_at: m.sent_at === null ? null : iso(m.sent_at),
    })),
  };
}

/** What an erased lead's details keep: nothing about the person; which offer it took part in. */
const KEPT_DETAILS_SQL = `jsonb_build_object(
    'last_name', '', 'first_name', '', 'phone_code', '', 'phone', '', 'residence', details -> 'residence',
    'address', null, 'address_en', null, 'address_cn', null, 'baby', null,
    'tnc', details -> 'tnc', 'partner', details -> 'partner', 'product_id', details -> 'product_id',
    'clinic_id', details -> 'clinic_id',
    'consents', jsonb_build_object('terms', true, 'privacy', true, 'marketing', false),
    'erased', true)`;

/**
 * Anonymises these leads (rows locked by the caller's transaction, none erased yet): personal
 * fields cleared, the e-mail replaced by `erased:<id>` with its keyed hash kept aside, redemption
 * notes and invoices' numbers and notes cleared, the consent ledger and the mails of the lead
 * deleted, pending webhook payloads that named the person redacted, one `lead.erased` event each.
 */
export async function anonymiseLeads(
  tx: Queryable,
  secrets: Secrets,
  leads: { id: string; email: string }[],
  reason: "request" | "retention",
  nowMs: number,
): Promise<void> {
  if (leads.length === 0) return;
  const at = new Date(nowMs).toISOString();
  const ids = leads.map((l) => l.id);
  const emails = [...new Set(leads.map((l) => l.email))];
  // Payloads of events not yet delivered (or kept) that hold the person's e-mail or the lead's
  // contents: the data goes, the type and the lead id stay.
  await tx.query(
    `UPDATE webhook_events SET payload = jsonb_set(payload, '{data}',
       jsonb_build_object('lead_id', payload -> 'data' -> 'lead_id', 'redacted', true))
     WHERE type <> 'lead.erased'
       AND (EXISTS (SELECT 1 FROM unnest($1::text[]) e WHERE strpos(payload::text, e) > 0)
            OR (type IN ('lead.created', 'lead.updated')
                AND EXISTS (SELECT 1 FROM unnest($2::text[]) i WHERE strpos(payload::text, '"' || i || '"') > 0)))`,
    [emails, ids],
  );
  const keys = leads.map((l) => subjectKey(secrets, l.email));
  await tx.query(
    `UPDATE leads SET email = 'erased:' || leads.id, erased_subject = k.key, erased_at = $3, updated_at = $3,
       details = ${KEPT_DETAILS_SQL}
     FROM unnest($1::text[], $2::text[]) AS k(id, key) WHERE leads.id = k.id`,
    [ids, keys, at],
  );
  await tx.query("UPDATE redemptions SET note = NULL WHERE lead_id = ANY($1::text[])", [ids]);
  await tx.query(
    `UPDATE invoices SET details = details || '{"invoice_no": null, "note": null}'::jsonb
     WHERE lead_id = ANY($1::text[])`,
    [ids],
  );
  await tx.query("DELETE FROM consent_events WHERE lead_id = ANY($1::text[])", [ids]);
  await tx.query("DELETE FROM outbox WHERE lead_id = ANY($1::text[])", [ids]);
  for (const id of ids) await emitEvent(tx, "lead.erased", { lead_id: id, reason }, nowMs);
}

/**
 * Erases the person with this e-mail, in one transaction: every lead of every flow anonymised,
 * and their codes, mails, customer sessions (revoked) and stored lead answers deleted.
 * `audit` writes the audit row in the same transaction. Returns how many leads were erased.
 */
export async function eraseSubject(
  ctx: PrivacyContext,
  email: string,
  audit: (tx: Queryable, erased: number) => Promise<void>,
): Promise<number> {
  const nowMs = ctx.now();
  const sessionSubject = ctx.secrets.hmac("session-subject", email);
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string; email: string }>(
      "SELECT id, email FROM leads WHERE email = $1 AND erased_at IS NULL ORDER BY id FOR UPDATE",
      [email],
    );
    await anonymiseLeads(tx, ctx.secrets, rows, "request", nowMs);
    await tx.query("DELETE FROM one_time_codes WHERE purpose = 'customer' AND subject = $1", [email]);
    await tx.query("DELETE FROM outbox WHERE to_addr = $1 OR mail_to = $1", [email]);
    await tx.query("DELETE FROM idempotency_keys WHERE scope = $1", [`lead:${sessionSubject}`]);
    await tx.query(
      `UPDATE auth_sessions SET revoked_at = $2, revoked_reason = 'erased'
       WHERE kind = 'customer' AND subject = $1 AND revoked_at IS NULL`,
      [sessionSubject, new Date(nowMs).toISOString()],
    );
    await audit(tx, rows.length);
    return rows.length;
  });
}

/** Ids of the leads this e-mail has now (to drop them from the lead caches around an erasure). */
export async function leadIdsOf(q: Queryable, email: string): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>("SELECT id FROM leads WHERE email = $1", [email]);
  return rows.map((r) => r.id);
}

/**
 * A gift of this kind already taken in this flow by an erased lead of the same e-mail: the
 * redemption (without the person), or null.
 */
export async function erasedRedemption(
  q: Queryable,
  secrets: Secrets,
  lead: { email: string; flow: string },
  kind: string,
): Promise<Redemption | null> {
  const { rows } = await q.query<Redemption & { redeemed_at: Date | string }>(
    `SELECT r.kind, r.staff_id, r.staff_name, r.redeemed_at FROM leads e
     JOIN redemptions r ON r.lead_id = e.id
     WHERE e.erased_subject = $1 AND e.flow = $2 AND r.kind = $3 LIMIT 1`,
    [subjectKey(secrets, lead.email), lead.flow, kind],
  );
  return rows[0] ? { ...rows[0], redeemed_at: iso(rows[0].redeemed_at) } : null;
}
