/**
 * Redemption exactly once per lead and kind: the (lead_id, kind) primary key decides, through
 * INSERT … ON CONFLICT DO NOTHING; whoever loses gets 409 saying when and by whom it was done.
 */
import { hkDateTime } from "../../lib/core/dates.ts";
import type { Redemption, RedemptionKind } from "../../lib/core/types.ts";
import { iso, pgCode } from "../db/db.ts";
import type { Deps } from "../deps.ts";
import { ApiFailure } from "../http/envelope.ts";
import { eventBody, eventInsertSql, newEventId } from "./events.ts";
import { erasedRedemption } from "./privacy.ts";
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

/** $1–$6 the redemption, $7 and $8 the id and body of its webhook event. */
const REDEEM_SQL = `WITH r AS (INSERT INTO redemptions (lead_id, kind, staff_id, staff_name, note, redeemed_at)
    VALUES ($1, $2, $3, $4, $5, $6)
    ON CONFLICT (lead_id, kind) DO NOTHING
    RETURNING lead_id, kind, staff_id, staff_name, note, redeemed_at),
  ${eventInsertSql("event", "lead.redeemed", { id: "$7", payload: "$8::jsonb", at: "$6", from: "r" })}
  SELECT * FROM r`;

/**
 * One statement in the usual case: the insert either wins (the primary key decides), or finds
 * the redemption done (conflict: a second statement reads who did it), or the lead does not
 * exist (foreign key). Its `lead.redeemed` webhook event is a CTE of the same insert: a
 * conflict (nothing inserted) or a failure writes none.
 */
export async function redeem(
  deps: Deps,
  staff: StaffRow,
  input: { lead_id: string; kind: RedemptionKind; note?: string },
): Promise<RedemptionRecord> {
  await refuseErased(deps, input);
  let inserted: RedemptionRow[];
  const nowMs = deps.now();
  const at = new Date(nowMs).toISOString();
  // What a CRM needs of it (docs/webhooks.md): not the staff member's name or note.
  const event = eventBody(
    "lead.redeemed",
    { lead_id: input.lead_id, kind: input.kind, staff_id: staff.staff_id, redeemed_at: at },
    nowMs,
  );
  try {
    // The lead's cached read drops this lead; answered once the change is heard (migration 008).
    ({ rows: inserted } = await deps.leads.write(
      input.lead_id,
      () =>
        deps.db.query<RedemptionRow>(REDEEM_SQL, [
          input.lead_id,
          input.kind,
          staff.staff_id,
          staffName(staff),
          input.note ?? null,
          at,
          newEventId(),
          JSON.stringify(event),
        ]),
      (result) => result.rows.length > 0,
    ));
  } catch (error) {
    if (pgCode(error) === "23503" && /lead/.test(String((error as { constraint?: string }).constraint))) {
      throw new ApiFailure("NOT_FOUND", { field: "lead_id" });
    }
    throw error;
  }
  if (inserted[0]) {
    deps.webhooks.wake();
    return toRecord(inserted[0]);
  }
  const existing = await deps.db.query<RedemptionRow>(
    `SELECT lead_id, kind, staff_id, staff_name, note, redeemed_at FROM redemptions
     WHERE lead_id = $1 AND kind = $2`,
    [input.lead_id, input.kind],
  );
  throw alreadyRedeemed(toRecord(existing.rows[0]));
}

/**
 * An erased lead holds no one to give a gift to; and a person who was erased (on request or by
 * retention) cannot take a second gift of a kind their erased lead of that flow already took:
 * the erased lead keeps a keyed hash of the e-mail for this (docs/privacy.md).
 */
async function refuseErased(deps: Deps, input: { lead_id: string; kind: RedemptionKind }): Promise<void> {
  const { rows } = await deps.db.query<{ email: string; flow: string; erased: boolean }>(
    "SELECT email, flow, erased_at IS NOT NULL AS erased FROM leads WHERE id = $1",
    [input.lead_id],
  );
  const lead = rows[0];
  if (!lead) return; // the insert answers NOT_FOUND
  if (lead.erased) throw new ApiFailure("NOT_FOUND", { field: "lead_id" });
  const earlier = await erasedRedemption(deps.db, deps.secrets, lead, input.kind);
  if (earlier) throw alreadyRedeemed({ ...earlier, lead_id: input.lead_id, note: null });
}

function alreadyRedeemed(record: RedemptionRecord): ApiFailure {
  return new ApiFailure("ALREADY_REDEEMED", {
    params: {
      at: hkDateTime(record.redeemed_at),
      staff: `${record.staff_name}（${record.staff_id}）`,
    },
    data: [record],
  });
}
