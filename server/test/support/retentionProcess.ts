/**
 * The server process of server/test/retentionCrash.test.ts: the real server on DATABASE_URL, its
 * clock fixed at NOW_MS, running the retention job in batches of RETENTION_BATCH. In batch
 * STOP_IN_BATCH it stops just before the batch commits (its leads anonymised and its events
 * written inside the open transaction, the audit row not yet), prints `retention: batch N open`
 * and waits there to be killed.
 */
import { startServer } from "../../app.ts";
import type { Db, Queryable } from "../../db/db.ts";
import { runRetention } from "../../services/retention.ts";

const nowMs = Number(process.env.NOW_MS);
const stopIn = Number(process.env.STOP_IN_BATCH);
const server = await startServer({
  host: "127.0.0.1",
  port: 0,
  databaseUrl: process.env.DATABASE_URL,
  seed: "none",
  now: () => nowMs,
  log: () => {},
});
const db = server.deps.db;
let batches = 0;
const stopping: Db = Object.assign(Object.create(db) as Db, {
  transaction: <T>(fn: (tx: Queryable) => Promise<T>) =>
    db.transaction((tx) => {
      batches += 1;
      const batch = batches;
      return fn({
        exec: (sql) => tx.exec(sql),
        query: (sql, params) => {
          if (batch !== stopIn || !sql.includes("INSERT INTO audit_log")) return tx.query(sql, params);
          console.log(`retention: batch ${batch} open`);
          return new Promise(() => {});
        },
      });
    }),
});
await runRetention(
  { ...server.deps, db: stopping },
  server.deps.config.retentionDays,
  Number(process.env.RETENTION_BATCH),
);
console.log("retention: finished without stopping");
