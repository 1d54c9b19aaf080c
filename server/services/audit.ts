/**
 * The audit log (migration 013): one row per act on personal data or on the staff area, written
 * with the act itself (pass the transaction's `tx`). Nothing personal goes in: `target` is a lead
 * id, a staff id or `subjectKey(email)`, and `detail` holds filters, counts and field names.
 */
import type { Queryable } from "../db/db.ts";

export type AuditAction =
  | "staff.sign-in"
  | "lead.view"
  | "lead.correct"
  | "leads.export"
  | "subject.export"
  | "subject.erase"
  | "consent.withdraw"
  | "maintenance.update"
  | "staff.change"
  | "retention.run"
  | "webhook.retry"
  | "webhook.test";

export interface AuditEntry {
  /** Staff id, or `customer`, `link`, `cli`, `system`. */
  actor: string;
  action: AuditAction;
  target?: string | null;
  /** The client address (already resolved through TRUST_PROXY), or null off the web. */
  ip?: string | null;
  detail?: Record<string, unknown>;
  /** The act's time (the app's clock); the database's clock when absent. */
  atMs?: number;
}

export async function recordAudit(q: Queryable, entry: AuditEntry): Promise<void> {
  await q.query(
    `INSERT INTO audit_log (at, actor, action, target, ip, detail)
     VALUES (coalesce($1::timestamptz, clock_timestamp()), $2, $3, $4, $5, $6::jsonb)`,
    [
      entry.atMs === undefined ? null : new Date(entry.atMs).toISOString(),
      entry.actor,
      entry.action,
      entry.target ?? null,
      entry.ip ?? null,
      JSON.stringify(entry.detail ?? {}),
    ],
  );
}
