/**
 * The funnel (migration 014's funnel_days): counts per Hong Kong day, flow and partner, kept by
 * the statements that do each step, so erasing leads later changes nothing here.
 */
import type { FunnelDay } from "../../lib/core/leadDesk.ts";
import type { FunnelQuery } from "../../lib/core/schemas.ts";
import type { Flow } from "../../lib/core/types.ts";
import type { Queryable } from "../db/db.ts";

interface FunnelRow {
  day: string;
  flow: Flow;
  partner: string;
  views: string;
  codes_sent: string;
  verified: string;
  leads: string;
  redeemed: string;
}

export async function funnelDays(q: Queryable, f: FunnelQuery): Promise<FunnelDay[]> {
  const params: unknown[] = [];
  const where: string[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace("?", `$${params.length}`));
  };
  if (f.flow) add("flow = ?", f.flow);
  if (f.from) add("day >= ?::date", f.from);
  if (f.to) add("day <= ?::date", f.to);
  if (f.partner) add("partner = ?", f.partner);
  const { rows } = await q.query<FunnelRow>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, flow, partner, views::text, codes_sent::text,
       verified::text, leads::text, redeemed::text
     FROM funnel_days ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
     ORDER BY day DESC, flow, partner LIMIT 5000`,
    params,
  );
  return rows.map((r) => ({
    day: r.day,
    flow: r.flow,
    partner: r.partner === "" ? null : r.partner,
    views: Number(r.views),
    codes_sent: Number(r.codes_sent),
    verified: Number(r.verified),
    leads: Number(r.leads),
    redeemed: Number(r.redeemed),
  }));
}

/** `POST /api/beacon/view`: one element shown, counted for today (Hong Kong). */
export async function countView(
  q: Queryable,
  flow: Flow,
  partner: string | null,
  nowMs: number,
): Promise<void> {
  await q.query("SELECT funnel_count($1::timestamptz, $2, $3, 'views')", [
    new Date(nowMs).toISOString(),
    flow,
    partner,
  ]);
}
