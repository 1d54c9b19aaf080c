/**
 * Redemption exactly once per lead and kind: the (lead_id, kind) primary key decides, through
 * INSERT … ON CONFLICT DO NOTHING; whoever loses gets 409 saying when and by whom it was done.
 */
import { hkDateTime } from "../../lib/core/dates.ts";
import type { Redemption, RedemptionKind } from "../../lib/core/types.ts";
import { iso } from "../db/db.ts";
import type { Deps } from "../deps.ts";
import { ApiFailure } from "../http/envelope.ts";
import { type StaffRow, staffName } from "./staff.ts";

export interface RedemptionRecord extends Redemption {
  lead_id: string;
  note: string | null;
}

type RedemptionRow = Omit<RedemptionRecord, "redeemed_at"> & { redeemed_at: Date };

function toRecord(row: RedemptionRow): RedemptionRecord {
  return {
    lead_id: row.lead_id,
    kind: row.kind,
    staff_id: row.staff_id,
    staff_name: row.staff_name,
    redeemed_at: iso(row.redeemed_at),
    note: row.note,
  };
}

export async function redeem(
  deps: Deps,
  staff: StaffRow,
  input: { lead_id: string; kind: RedemptionKind; note?: string },
): Promise<RedemptionRecord> {
  const nowMs = deps.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const lead = await tx.query("SELECT 1 FROM leads WHERE id = $1", [input.lead_id]);
    if (lead.rowCount === 0) throw new ApiFailure("NOT_FOUND", { field: "lead_id" });
    const inserted = await tx.query<RedemptionRow>(
      `INSERT INTO redemptions (lead_id, kind, staff_id, staff_name, note, redeemed_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (lead_id, kind) DO NOTHING
       RETURNING lead_id, kind, staff_id, staff_name, note, redeemed_at`,
      [
        input.lead_id,
        input.kind,
        staff.staff_id,
        staffName(staff),
        input.note ?? null,
        new Date(nowMs).toISOString(),
      ],
    );
    if (inserted.rows[0]) return { created: true, record: toRecord(inserted.rows[0]) };
    const existing = await tx.query<RedemptionRow>(
      `SELECT lead_id, kind, staff_id, staff_name, note, redeemed_at FROM redemptions
       WHERE lead_id = $1 AND kind = $2`,
      [input.lead_id, input.kind],
    );
    return { created: false, record: toRecord(existing.rows[0]) };
  });
  if (!outcome.created) {
    const { record } = outcome;
    throw new ApiFailure("ALREADY_REDEEMED", {
      params: {
        at: hkDateTime(record.redeemed_at),
        staff: `${record.staff_name}（${record.staff_id}）`,
      },
      data: [record],
    });
  }
  return outcome.record;
}
