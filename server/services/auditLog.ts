/** Reading the audit log (migration 013), newest first, by keyset on (at, id). */
import type { AuditRecord } from "../../lib/core/leadDesk.ts";
import { iso, type Queryable } from "../db/db.ts";
import { decodeCursor, encodeCursor } from "./leadDesk.ts";

interface AuditRow extends Omit<AuditRecord, "at"> {
  at: Date | string;
  at_us: string;
}

export async function auditPage(
  q: Queryable,
  opts: { cursor?: string; limit?: number; action?: string },
): Promise<{ entries: AuditRecord[]; next_cursor: string | null }> {
  const limit = opts.limit ?? 50;
  const params: unknown[] = [];
  const where: string[] = [];
  if (opts.action) {
    params.push(opts.action);
    where.push(`action = $${params.length}`);
  }
  if (opts.cursor) {
    const after = decodeCursor(opts.cursor);
    params.push(after.us, after.id);
    where.push(
      `(at, id) < (timestamptz 'epoch' + $${params.length - 1}::bigint * interval '1 microsecond', $${params.length}::bigint)`,
    );
  }
  params.push(limit + 1);
  const { rows } = await q.query<AuditRow>(
    `SELECT id::text AS id, at, actor, action, target, ip, detail,
       (extract(epoch FROM at) * 1000000)::bigint::text AS at_us
     FROM audit_log ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
     ORDER BY at DESC, id DESC LIMIT $${params.length}`,
    params,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map(({ at_us: _cursor, ...row }) => ({ ...row, at: iso(row.at) })),
    next_cursor: rows.length > limit && last ? encodeCursor({ us: last.at_us, id: last.id }) : null,
  };
}
