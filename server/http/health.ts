/**
 * GET /healthz: the process is up and serving (no database involved).
 * GET /readyz: this instance should get traffic: the database answers within READY_TIMEOUT_MS,
 * every migration of this build is applied, and the instance is not shutting down.
 * Both outside /api and without a key, for load balancers and orchestrators; no details leak.
 */
import type { Hono } from "hono";
import type { Db } from "../db/db.ts";
import { listMigrations } from "../db/migrate.ts";
import type { AppEnv } from "./env.ts";

export const READY_TIMEOUT_MS = 2_000;

export interface Readiness {
  /** Set when shutdown starts, so the load balancer stops sending new requests. */
  draining: boolean;
}

async function migrationsApplied(db: Db, latest: number): Promise<boolean> {
  const { rows } = await db.query<{ v: number | null }>(
    "SELECT max(version)::int AS v FROM schema_migrations",
  );
  return (rows[0]?.v ?? 0) >= latest;
}

export function healthRoutes(app: Hono<AppEnv>, db: Db, readiness: Readiness): void {
  const latest = Math.max(0, ...listMigrations().map((m) => m.version));
  app.get("/healthz", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ status: "ok" });
  });
  app.get("/readyz", async (c) => {
    c.header("Cache-Control", "no-store");
    if (readiness.draining) return c.json({ status: "draining" }, 503);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), READY_TIMEOUT_MS);
    });
    try {
      const result = await Promise.race([migrationsApplied(db, latest), timeout]);
      if (result === "timeout") return c.json({ status: "database not answering" }, 503);
      if (!result) return c.json({ status: "migrations pending" }, 503);
      return c.json({ status: "ready" });
    } catch {
      return c.json({ status: "database unavailable" }, 503);
    } finally {
      clearTimeout(timer);
    }
  });
}
