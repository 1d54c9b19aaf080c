/**
 * The lead desk's reads (docs/lead-desk.md): leads newest first by (created_at, id), filtered and
 * paged by keyset (a cursor names the last row seen, so leads arriving meanwhile neither repeat
 * nor hide a row), and one lead in full with its consent ledger and changes. Every index these
 * queries lean on is in migration 014.
 */
import { addDays } from "../../lib/core/dates.ts";
import type { ConsentEvent, DeskLead, DeskLeadDetail, LeadChange } from "../../lib/core/leadDesk.ts";
import { isLeadRef, normaliseLeadRef } from "../../lib/core/leadRef.ts";
import type { DeskExportQuery } from "../../lib/core/schemas.ts";
import type { Redemption } from "../../lib/core/types.ts";
import { iso, type Queryable } from "../db/db.ts";
import { ApiFailure } from "../http/envelope.ts";
import { recordAudit } from "./audit.ts";
import { type LeadRow, maskEmail, maskPhone, REDEMPTIONS_OF_L, redemptionsOf, toLead } from "./leads.ts";

export type DeskFilters = Omit<DeskExportQuery, "lang">;

/** The ledger's latest word on marketing for lead `l` (false when it has none). */
export const MARKETING_OF_L = `coalesce((SELECT c.given FROM consent_events c
  WHERE c.lead_id = l.id AND c.purpose = 'marketing' ORDER BY c.at DESC, c.id DESC LIMIT 1), false)`;

/** Name as searched: both orders (陳大文, "chan tai man", "tai man chan"), lower case. Migration 014 indexes it. */
export const NAME_SEARCH_OF_L = `lower((l.details ->> 'last_name') || (l.details ->> 'first_name') || ' '
  || (l.details ->> 'last_name') || ' ' || (l.details ->> 'first_name') || ' ' || (l.details ->> 'last_name'))`;

/** Where a keyset page starts: after (created_at, id) of the last row of the page before. */
export interface Position {
  /** created_at in microseconds since the epoch (exact: timestamptz holds microseconds). */
  us: string;
  id: string;
}

export function encodeCursor(p: Position): string {
  return Buffer.from(`${p.us}.${p.id}`).toString("base64url");
}

export function decodeCursor(cursor: string): Position {
  const match = /^(-?\d{1,20})\.([\w-]{1,40})$/.exec(Buffer.from(cursor, "base64url").toString());
  if (!match) throw new ApiFailure("VALIDATION_FAILED", { field: "cursor" });
  return { us: match[1], id: match[2] };
}

/** A LIKE pattern matching `text` anywhere (its own % _ \ taken literally). */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The Hong Kong midnight starting `ymd` (Hong Kong keeps UTC+8 all year). */
function hkMidnight(ymd: string): string {
  return `${ymd}T00:00:00+08:00`;
}

/**
 * The WHERE conditions of the filters on leads `l`, with their parameters appended to `params`.
 * `q` is read by its shape: a reference (exact, or its start), digits (a phone number, anywhere
 * in it), text with `@` (e-mail), anything else a name or e-mail.
 */
export function filterSql(f: DeskFilters, params: unknown[]): string[] {
  const where: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (f.flow) where.push(`l.flow = ${param(f.flow)}`);
  if (f.from) where.push(`l.created_at >= ${param(hkMidnight(f.from))}::timestamptz`);
  if (f.to) where.push(`l.created_at < ${param(hkMidnight(addDays(f.to, 1)))}::timestamptz`);
  if (f.partner) where.push(`(l.details ->> 'partner') = ${param(f.partner)}`);
  if (f.marketing) where.push(`${MARKETING_OF_L} = ${param(f.marketing)}::boolean`);
  if (f.redeemed)
    where.push(
      `${f.redeemed === "true" ? "" : "NOT "}EXISTS (SELECT 1 FROM redemptions r WHERE r.lead_id = l.id)`,
    );
  const q = f.q?.trim();
  if (q) {
    const ref = normaliseLeadRef(q);
    const digits = q.replace(/[\s()+-]/g, "");
    if (isLeadRef(ref)) where.push(`l.id = ${param(ref)}`);
    else if (/^NU[0-9A-Z]{1,7}$/.test(ref)) where.push(`l.id LIKE ${param(`${ref}%`)}`);
    else if (/^\d{3,}$/.test(digits)) where.push(`(l.details ->> 'phone') LIKE ${param(containing(digits))}`);
    else if (q.includes("@")) where.push(`lower(l.email) LIKE ${param(containing(q.toLowerCase()))}`);
    else {
      const pattern = param(containing(q.toLowerCase().replace(/\s+/g, " ")));
      where.push(`(${NAME_SEARCH_OF_L} LIKE ${pattern} OR lower(l.email) LIKE ${pattern})`);
    }
  }
  return where;
}

interface DeskRow extends LeadRow {
  redemptions: Redemption[];
  marketing: boolean;
  erased_at: Date | string | null;
  at_us: string;
}

/** What a desk page reads of each lead `l` (`at_us`, the keyset position, is added to any list). */
const DESK_COLUMNS = `l.id, l.flow, l.email, l.details, l.created_at, l.updated_at, l.erased_at,
       ${REDEMPTIONS_OF_L} AS redemptions, ${MARKETING_OF_L} AS marketing`;

/**
 * The statement of a page (`limit` + 1 rows, to know whether there is more), and its parameters.
 * `columns` (over `l`, and `from` joined to it) are the desk's unless told (the export reads its own).
 */
export function leadsPageSql(
  filters: DeskFilters,
  opts: { after?: Position; limit: number; upTo?: string },
  columns = DESK_COLUMNS,
  from = "leads l",
): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const where = filterSql(filters, params);
  if (opts.after) {
    params.push(opts.after.us, opts.after.id);
    where.push(
      `(l.created_at, l.id) < (timestamptz 'epoch' + $${params.length - 1}::bigint * interval '1 microsecond', $${params.length})`,
    );
  } else if (opts.upTo) {
    params.push(opts.upTo);
    where.push(`l.created_at <= timestamptz 'epoch' + $${params.length}::bigint * interval '1 microsecond'`);
  }
  params.push(opts.limit + 1);
  const sql = `SELECT ${columns}, (extract(epoch FROM l.created_at) * 1000000)::bigint::text AS at_us
     FROM ${from} ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
     ORDER BY l.created_at DESC, l.id DESC LIMIT $${params.length}`;
  return { sql, params };
}

/** A page of leads, newest first, from `after` on; `upTo` (µs) leaves out leads newer than it. */
export async function leadsPage<R extends { id: string; at_us: string } = DeskRow>(
  q: Queryable,
  filters: DeskFilters,
  opts: { after?: Position; limit: number; upTo?: string },
  columns?: string,
  from?: string,
): Promise<{ rows: R[]; next: Position | null }> {
  const { sql, params } = leadsPageSql(filters, opts, columns, from);
  const { rows } = await q.query<R>(sql, params);
  const more = rows.length > opts.limit;
  const page = more ? rows.slice(0, opts.limit) : rows;
  const last = page.at(-1);
  return { rows: page, next: more && last ? { us: last.at_us, id: last.id } : null };
}

export function deskLeadOf(row: DeskRow, unmasked: boolean): DeskLead {
  const lead = toLead(row, redemptionsOf(row.redemptions));
  const shown = unmasked ? lead : { ...lead, email: maskEmail(lead.email), phone: maskPhone(lead.phone) };
  return {
    ...shown,
    marketing: row.marketing,
    erased_at: row.erased_at === null ? null : iso(row.erased_at),
  };
}

export interface Viewer {
  staffId: string;
  ip: string;
  nowMs: number;
}

/**
 * `GET /api/admin/leads`. Unmasked, the page is read in the transaction that records a `lead.view`
 * per lead shown: no unmasked page leaves without its audit rows.
 */
export async function listDeskLeads(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> } & Queryable,
  filters: DeskFilters,
  page: { cursor?: string; limit?: number; unmask?: boolean },
  viewer: Viewer,
): Promise<{ leads: DeskLead[]; next_cursor: string | null }> {
  const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor);
  const limit = page.limit ?? 50;
  const read = async (q: Queryable) => {
    const { rows, next } = await leadsPage(q, filters, { after, limit });
    if (page.unmask)
      for (const row of rows)
        await recordAudit(q, {
          actor: viewer.staffId,
          action: "lead.view",
          target: row.id,
          ip: viewer.ip,
          detail: { via: "list" },
          atMs: viewer.nowMs,
        });
    return {
      leads: rows.map((row) => deskLeadOf(row, page.unmask === true)),
      next_cursor: next && encodeCursor(next),
    };
  };
  return page.unmask ? db.transaction(read) : read(db);
}

/** `GET /api/admin/leads/:id`: the lead unmasked, its ledger and changes; audited `lead.view`. */
export async function deskLeadDetail(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  id: string,
  viewer: Viewer,
): Promise<DeskLeadDetail> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<DeskRow>(
      `SELECT l.id, l.flow, l.email, l.details, l.created_at, l.updated_at, l.erased_at,
         ${REDEMPTIONS_OF_L} AS redemptions, ${MARKETING_OF_L} AS marketing, '' AS at_us
       FROM leads l WHERE l.id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row) throw new ApiFailure("NOT_FOUND");
    const consents = await tx.query<ConsentEvent & { id: string | number; at: Date | string }>(
      `SELECT id::text AS id, purpose, given, wording_hash, lang, channel, actor, at
       FROM consent_events WHERE lead_id = $1 ORDER BY at DESC, id DESC`,
      [id],
    );
    const changes = await tx.query<LeadChange & { changed_at: Date | string }>(
      "SELECT staff_id, fields, changed_at FROM lead_changes WHERE lead_id = $1 ORDER BY changed_at DESC, id DESC",
      [id],
    );
    await recordAudit(tx, {
      actor: viewer.staffId,
      action: "lead.view",
      target: id,
      ip: viewer.ip,
      detail: { via: "desk" },
      atMs: viewer.nowMs,
    });
    const { marketing, erased_at, ...lead } = deskLeadOf(row, true);
    return {
      lead,
      marketing,
      erased_at,
      consents: consents.rows.map((c) => ({ ...c, id: String(c.id), at: iso(c.at) })),
      changes: changes.rows.map((c) => ({ ...c, changed_at: iso(c.changed_at) })),
    };
  });
}
