/**
 * Versioned migrations: server/db/migrations/NNN_name.sql, applied in order inside one
 * transaction and recorded in schema_migrations. On PostgreSQL an advisory lock makes a second
 * instance starting at the same moment wait, then find nothing left to do.
 */
import fs from "node:fs";
import path from "node:path";
import type { Db, Queryable } from "./db.ts";

const MIGRATIONS_DIR = path.join(import.meta.dirname, "migrations");
/** Any constant shared by every instance; "nufo" in ASCII. */
export const MIGRATION_LOCK = 0x6e75666f;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 3)),
      name: file.slice(4, -4),
      sql: fs.readFileSync(path.join(dir, file), "utf8"),
    }));
}

/** Runs `fn` inside a transaction that holds the schema lock (a no-op lock on PGlite). */
export function withSchemaLock<T>(db: Db, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    return fn(tx);
  });
}

/** Applies what is missing; returns the versions applied now. */
export async function migrate(db: Db, migrations = listMigrations()): Promise<number[]> {
  return withSchemaLock(db, async (tx) => {
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(
      (await tx.query<{ version: number }>("SELECT version FROM schema_migrations")).rows.map(
        (r) => r.version,
      ),
    );
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [m.version, m.name]);
      applied.push(m.version);
    }
    return applied;
  });
}
