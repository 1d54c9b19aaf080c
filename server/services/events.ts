/**
 * Webhook events into the outbox (migration 013), written by the caller's own transaction or
 * statement: `emitEvent(tx, …)` inside a transaction, or `eventInsertSql` as a CTE of a single
 * statement. What `data` carries per type is docs/webhooks.md; it never holds a token or a code.
 */
import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/db.ts";
import type { EventData, PublicEventType } from "./eventSchemas.ts";

/** The public events (server/services/eventSchemas.ts) and the admin's test event. */
export type EventType = PublicEventType | "webhook.test";
/** `data` of an event of `type`, as its schema says. */
type DataOf<T extends EventType> = T extends PublicEventType ? EventData<T> : Record<string, unknown>;

export interface EventBody {
  type: EventType;
  /** ISO 8601, the time of the change. */
  timestamp: string;
  data: Record<string, unknown>;
}

/** A Standard Webhooks message id: `msg_` and 32 hex digits. */
export function newEventId(): string {
  return `msg_${randomUUID().replaceAll("-", "")}`;
}

export function eventBody<T extends EventType>(type: T, data: DataOf<T>, nowMs: number): EventBody {
  return { type, timestamp: new Date(nowMs).toISOString(), data };
}

/** Writes one event; returns its id. */
export async function emitEvent<T extends EventType>(
  q: Queryable,
  type: T,
  data: DataOf<T>,
  nowMs: number,
): Promise<string> {
  const id = newEventId();
  await q.query("INSERT INTO webhook_events (id, type, payload, created_at) VALUES ($1, $2, $3::jsonb, $4)", [
    id,
    type,
    JSON.stringify(eventBody(type, data, nowMs)),
    new Date(nowMs).toISOString(),
  ]);
  return id;
}

/**
 * The insert of one event as a CTE of a larger statement, written only when `from` yields a row
 * (`from` names a CTE of that statement, e.g. the inserted lead): `id`, `payload` and `at` are
 * SQL expressions, usually parameters. A statement that fails or writes nothing writes no event.
 */
export function eventInsertSql(
  name: string,
  type: EventType,
  sql: { id: string; payload: string; at: string; from: string },
): string {
  return `${name} AS (INSERT INTO webhook_events (id, type, payload, created_at)
    SELECT ${sql.id}, '${type}', ${sql.payload}, ${sql.at} FROM ${sql.from})`;
}
