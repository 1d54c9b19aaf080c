/**
 * Retention (RETENTION_DAYS, docs/privacy.md#how-long-retention): a lead untouched for that long is
 * anonymised like an erasure. "Touched" is the latest of its last change (`updated_at`: created,
 * corrected, consent given or withdrawn), its redemptions, its consent rows and its invoices.
 *
 * Checked daily by every instance; with several on one database one does it: each batch is one
 * transaction that first takes a transaction-scoped advisory lock (another instance holding it
 * stops at once) and locks its leads with FOR UPDATE SKIP LOCKED. A crash ends the batch's
 * transaction: what it did is rolled back whole, the committed batches stand, and the next run
 * starts from what is left; an erased lead is never a candidate again.
 */
import type { Deps } from "../deps.ts";
import type { Metrics } from "../observability/metrics.ts";
import { recordAudit } from "./audit.ts";
import { anonymiseLeads, type PrivacyContext } from "./privacy.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The advisory lock of the job: any fixed number no other job of this product uses. */
const RETENTION_LOCK = 7_204_715;
const BATCH = 200;
const FIRST_RUN_AFTER_MS = 5 * 60 * 1000;

/**
 * One pass: batches of `batch` leads until nothing is left (or another instance has the job).
 * Returns leads anonymised; counted in `retention_runs_total` whether it succeeds or fails.
 */
export async function runRetention(
  ctx: PrivacyContext & { metrics: Pick<Metrics, "retentionRun"> },
  retentionDays: number,
  batch = BATCH,
): Promise<number> {
  try {
    const total = await anonymiseUntouched(ctx, retentionDays, batch);
    ctx.metrics.retentionRun("done", total);
    return total;
  } catch (error) {
    ctx.metrics.retentionRun("failed");
    throw error;
  }
}

async function anonymiseUntouched(
  ctx: PrivacyContext,
  retentionDays: number,
  batch: number,
): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await ctx.db.transaction(async (tx) => {
      const { rows: lock } = await tx.query<{ got: boolean }>("SELECT pg_try_advisory_xact_lock($1) AS got", [
        RETENTION_LOCK,
      ]);
      if (!lock[0].got) return 0;
      const nowMs = ctx.now();
      const cutoff = new Date(nowMs - retentionDays * DAY_MS).toISOString();
      const { rows } = await tx.query<{ id: string; email: string }>(
        `SELECT l.id, l.email FROM leads l
         WHERE l.erased_at IS NULL AND l.updated_at < $1
           AND NOT EXISTS (SELECT 1 FROM redemptions r WHERE r.lead_id = l.id AND r.redeemed_at >= $1)
           AND NOT EXISTS (SELECT 1 FROM consent_events c WHERE c.lead_id = l.id AND c.at >= $1)
           AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.lead_id = l.id AND i.created_at >= $1)
         ORDER BY l.updated_at, l.id LIMIT $2 FOR UPDATE OF l SKIP LOCKED`,
        [cutoff, batch],
      );
      if (rows.length === 0) return 0;
      await anonymiseLeads(tx, ctx.secrets, rows, "retention", nowMs);
      await recordAudit(tx, {
        actor: "system",
        action: "retention.run",
        // The references (no personal data): each anonymised lead is named by exactly one entry.
        detail: { anonymised: rows.length, retention_days: retentionDays, leads: rows.map((r) => r.id) },
        atMs: nowMs,
      });
      return rows.length;
    });
    total += done;
    if (done < batch) return total;
  }
}

/** Runs the job a few minutes after start, then daily; returns the function that stops it. */
export function startRetention(deps: Deps): () => void {
  const run = () => {
    runRetention(deps, deps.config.retentionDays)
      .then((n) => {
        if (n > 0) deps.logger.info(`retention: ${n} lead(s) anonymised`);
      })
      .catch((error) => deps.logger.error(`retention failed (${(error as Error).name})`));
  };
  const first = setTimeout(run, FIRST_RUN_AFTER_MS);
  const daily = setInterval(run, DAY_MS);
  first.unref();
  daily.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}
