/**
 * The delivery log admins read and act on (GET /api/admin/webhooks/deliveries, a retry, a test
 * event). Rows show the endpoint without its query and at most an excerpt of the receiver's answer.
 */
import { iso } from "../../db/db.ts";
import type { Deps } from "../../deps.ts";
import { ApiFailure } from "../../http/envelope.ts";
import { recordAudit } from "../audit.ts";
import { emitEvent } from "../events.ts";
import { shownEndpoint } from "./worker.ts";

export interface Delivery {
  id: number;
  event_id: string;
  type: string;
  endpoint: string;
  state: "pending" | "delivered" | "failed" | "stopped";
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  last_duration_ms: number | null;
  last_at: string | null;
  next_at: string | null;
  created_at: string;
}

interface DeliveryRow extends Omit<Delivery, "id" | "last_at" | "next_at" | "created_at"> {
  id: string;
  last_at: Date | string | null;
  next_at: Date | string | null;
  created_at: Date | string;
}

const COLUMNS = `d.id::text AS id, d.event_id, e.type, d.endpoint, d.state, d.attempts, d.last_status,
  d.last_error, d.last_duration_ms, d.last_at, d.next_at, d.created_at`;

function toDelivery(row: DeliveryRow): Delivery {
  return {
    ...row,
    id: Number(row.id),
    endpoint: shownEndpoint(row.endpoint),
    last_at: row.last_at === null ? null : iso(row.last_at),
    next_at: row.next_at === null ? null : iso(row.next_at),
    created_at: iso(row.created_at),
  };
}

/** Newest first; the cursor is the last id of the page before. */
export async function listDeliveries(
  deps: Deps,
  page: { cursor?: number; limit: number },
): Promise<{ data: Delivery[]; next_cursor: string | null }> {
  const { rows } = await deps.db.query<DeliveryRow>(
    `SELECT ${COLUMNS} FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
     WHERE $1::bigint IS NULL OR d.id < $1::bigint ORDER BY d.id DESC LIMIT $2`,
    [page.cursor ?? null, page.limit + 1],
  );
  const data = rows.slice(0, page.limit).map(toDelivery);
  return { data, next_cursor: rows.length > page.limit ? String(data[data.length - 1].id) : null };
}

/**
 * Sends a delivery again now, whatever its state, with a new 24-hour window; a retry to an
 * endpoint that said 410 Gone lets it receive again.
 */
export async function retryDelivery(
  deps: Deps,
  id: number,
  by: { staffId: string; ip: string },
): Promise<Delivery> {
  const nowMs = deps.now();
  const at = new Date(nowMs).toISOString();
  const delivery = await deps.db.transaction(async (tx) => {
    const { rows } = await tx.query<DeliveryRow>(
      `WITH d AS (UPDATE webhook_deliveries SET state = 'pending', next_at = $2, window_from = $2
                  WHERE id = $1 RETURNING *)
       SELECT ${COLUMNS} FROM d JOIN webhook_events e ON e.id = d.event_id`,
      [id, at],
    );
    const row = rows[0];
    if (!row) throw new ApiFailure("NOT_FOUND", { field: "id" });
    await tx.query("DELETE FROM webhook_endpoints_stopped WHERE endpoint = $1", [row.endpoint]);
    await recordAudit(tx, {
      actor: by.staffId,
      action: "webhook.retry",
      target: row.id,
      ip: by.ip,
      detail: { event_id: row.event_id, type: row.type },
      atMs: nowMs,
    });
    return toDelivery(row);
  });
  deps.webhooks.wake();
  return delivery;
}

/** A `webhook.test` event to every endpoint (audited). */
export async function sendTestEvent(
  deps: Deps,
  by: { staffId: string; ip: string },
): Promise<{ event_id: string }> {
  const nowMs = deps.now();
  const eventId = await deps.db.transaction(async (tx) => {
    const id = await emitEvent(tx, "webhook.test", { test: true }, nowMs);
    await recordAudit(tx, {
      actor: by.staffId,
      action: "webhook.test",
      target: id,
      ip: by.ip,
      detail: { endpoints: deps.config.webhookUrls.length },
      atMs: nowMs,
    });
    return id;
  });
  deps.webhooks.wake();
  return { event_id: eventId };
}
