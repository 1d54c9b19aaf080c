/**
 * Retention killed (-9) in the middle of a run, on PostgreSQL: a server process runs the job in
 * small batches and is killed while one batch's transaction is open (its leads already
 * anonymised inside it); a restarted server runs the job again. Every expired lead is erased
 * exactly once (one `lead.erased` event, named by one `retention.run` audit entry), none is missed,
 * and a lead not yet expired is not touched. The clock is the app's `now`, fixed for both.
 */
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runRetention } from "../services/retention.ts";
import { freshPostgresDatabase, startTestServer, TEST_DATABASE_URL, type TestServer } from "./harness.ts";
import { PROCESS_TIMEOUT_MS } from "./support/mainProcess.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DAY_MS = 86_400_000;
const EXPIRED = 240;
const KEPT = 20;
const BATCH = 20;
const STOP_IN = 5;

describe.skipIf(!TEST_DATABASE_URL)("retention killed (-9) mid-run, on PostgreSQL", () => {
  const stops: (() => unknown)[] = [];
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
  });

  it(
    "loses and doubles nothing: after a restart each expired lead is erased once, the rest untouched",
    async () => {
      const fresh = await freshPostgresDatabase();
      stops.push(fresh.drop);
      const writer = await startTestServer({ postgresUrl: fresh.url, seed: "none" });
      stops.push(() => writer.stop());
      const nowMs = writer.clock.now();
      // Leads untouched for 731 days and more (expired), and for 729 days (kept), each with its
      // consent row as old as it.
      await writer.db.query(
        `INSERT INTO leads (id, flow, email, details, created_at, updated_at)
         SELECT 'NURET' || lpad(i::text, 5, '0'), 'nuform', 'ret' || i || '@example.com',
           jsonb_build_object('last_name', '陳', 'first_name', '大文' || i, 'phone_code', '852',
             'phone', (60000000 + i)::text, 'consents', jsonb_build_object('terms', true, 'privacy', true, 'marketing', true)),
           t, t
         FROM generate_series(1, $1::int + $2::int) AS i,
           LATERAL (SELECT to_timestamp($3::bigint / 1000.0)
             - CASE WHEN i <= $1 THEN interval '731 days' + i * interval '1 minute' ELSE interval '729 days' END AS t) AS at`,
        [EXPIRED, KEPT, nowMs],
      );
      await writer.db.query(
        `INSERT INTO consent_events (lead_id, purpose, given, channel, actor, at)
         SELECT id, 'marketing', true, 'form', 'customer', updated_at FROM leads`,
      );
      const expired = Array.from({ length: EXPIRED }, (_, i) => `NURET${String(i + 1).padStart(5, "0")}`);
      const keptBefore = await writer.db.query(
        "SELECT id, email, details, updated_at, erased_at FROM leads WHERE updated_at > $1 ORDER BY id",
        [new Date(nowMs - 730 * DAY_MS).toISOString()],
      );
      expect(keptBefore.rows).toHaveLength(KEPT);

      const child = spawn(process.execPath, ["--import", "tsx", "server/test/support/retentionProcess.ts"], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: os.tmpdir(),
          DATABASE_URL: fresh.url,
          NOW_MS: String(nowMs),
          RETENTION_BATCH: String(BATCH),
          STOP_IN_BATCH: String(STOP_IN),
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      stops.push(() => child.kill("SIGKILL"));
      const exited = new Promise((resolve) => child.once("exit", resolve));
      let output = "";
      await new Promise<void>((resolve, reject) => {
        const seen = (chunk: Buffer) => {
          output += chunk;
          if (output.includes(`retention: batch ${STOP_IN} open`)) resolve();
        };
        child.stdout.on("data", seen);
        child.stderr.on("data", seen);
        child.once("exit", (code) => reject(new Error(`exited ${code}: ${output}`)));
      });

      const erasedCount = async () =>
        (
          await writer.db.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM leads WHERE erased_at IS NOT NULL",
          )
        ).rows[0].n;
      // The batches before are committed; the one in flight is not visible.
      const committed = (STOP_IN - 1) * BATCH;
      expect(await erasedCount()).toBe(committed);
      child.kill("SIGKILL");
      await exited;
      // PostgreSQL ends the dead connection's transaction (its locks go with it): rolled back.
      await expect
        .poll(
          async () =>
            (
              await writer.db.query<{ n: number }>(
                "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'",
              )
            ).rows[0].n,
        )
        .toBe(0);
      expect(await erasedCount()).toBe(committed);

      const restarted: TestServer = await startTestServer({ postgresUrl: fresh.url, seed: "none" });
      stops.push(() => restarted.stop());
      expect(restarted.deps.config.retentionDays).toBe(730);
      expect(await runRetention(restarted.deps, 730, BATCH)).toBe(EXPIRED - committed);
      expect(await runRetention(restarted.deps, 730, BATCH)).toBe(0);

      const erased = await writer.db.query<{ id: string; email: string; name: string }>(
        "SELECT id, email, details->>'last_name' AS name FROM leads WHERE erased_at IS NOT NULL ORDER BY id",
      );
      expect(erased.rows.map((r) => r.id)).toEqual(expected(expired));
      expect(erased.rows.every((r) => r.email === `erased:${r.id}` && r.name === "")).toBe(true);
      const events = await writer.db.query<{ id: string }>(
        "SELECT payload->'data'->>'lead_id' AS id FROM webhook_events WHERE type = 'lead.erased' ORDER BY 1",
      );
      expect(events.rows.map((r) => r.id)).toEqual(expected(expired));
      const audits = await writer.db.query<{ detail: { anonymised: number; leads: string[] } }>(
        "SELECT detail FROM audit_log WHERE action = 'retention.run'",
      );
      const named = audits.rows.flatMap((r) => r.detail.leads);
      expect(named.sort()).toEqual(expected(expired));
      expect(audits.rows.every((r) => r.detail.anonymised === r.detail.leads.length)).toBe(true);
      const keptAfter = await writer.db.query(
        "SELECT id, email, details, updated_at, erased_at FROM leads WHERE id = ANY($1::text[]) ORDER BY id",
        [keptBefore.rows.map((r) => (r as { id: string }).id)],
      );
      expect(keptAfter.rows).toEqual(keptBefore.rows);
      const keptConsents = await writer.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM consent_events WHERE lead_id = ANY($1::text[])",
        [keptBefore.rows.map((r) => (r as { id: string }).id)],
      );
      expect(keptConsents.rows[0].n).toBe(KEPT);
    },
    PROCESS_TIMEOUT_MS,
  );
});

/** The ids sorted, each once. */
function expected(ids: string[]): string[] {
  return [...ids].sort();
}
