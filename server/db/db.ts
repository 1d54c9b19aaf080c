/**
 * One database interface over PGlite (embedded) and PostgreSQL (node-postgres), so every query
 * is the same SQL on both. PGlite is a single connection: work that must be atomic goes through
 * `transaction()` (PGlite's own, which queues other queries until it ends), never raw BEGIN.
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

export type Row = Record<string, unknown>;

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: "pglite" | "postgres";
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenDbOptions {
  /** `memory://`, `postgres://…`/`postgresql://…`, or undefined for PGlite files under `dataDir`. */
  url: string | undefined;
  dataDir: string;
  /** A PGlite data-folder dump to start a `memory://` database from (tests: skips initdb). */
  pgliteTemplate?: Blob;
}

export async function openDb(options: OpenDbOptions): Promise<Db> {
  const { url } = options;
  if (url === undefined) {
    const dir = path.join(options.dataDir, "pglite");
    fs.mkdirSync(dir, { recursive: true });
    return wrapPglite(await PGlite.create({ dataDir: dir }));
  }
  if (url === "memory://") {
    return wrapPglite(
      await PGlite.create(options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {}),
    );
  }
  if (/^postgres(ql)?:\/\//.test(url)) return wrapPostgres(new pg.Pool({ connectionString: url, max: 10 }));
  throw new Error('DATABASE_URL must be "memory://" or start with postgres:// (unset: PGlite in DATA_DIR)');
}

export function wrapPglite(db: PGlite): Db {
  const on = (q: Pick<PGlite, "query" | "exec">): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await q.query<T>(sql, params);
      // PGlite reports affectedRows 0 for a SELECT; node-postgres' rowCount is the rows returned.
      return { rows: result.rows, rowCount: result.affectedRows || result.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    kind: "pglite",
    ...on(db),
    transaction: (fn) => db.transaction((tx) => fn(on(tx))),
    close: () => db.close(),
  };
}

/** PostgreSQL error codes worth one more try of the whole transaction. */
const RETRYABLE = new Set(["40001", "40P01"]);

function wrapPostgres(pool: pg.Pool): Db {
  // An idle client that loses its server connection emits 'error' on the pool; without a
  // listener that would end the process.
  pool.on("error", (err) => console.error(`postgres pool: ${(err as { code?: string }).code ?? err.name}`));
  const on = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await client.query(sql, params);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });
  return {
    kind: "postgres",
    ...on(pool),
    async transaction(fn) {
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        try {
          await client.query("BEGIN");
          const result = await fn(on(client));
          await client.query("COMMIT");
          return result;
        } catch (error) {
          await client.query("ROLLBACK").catch(() => {});
          const code = (error as { code?: string }).code;
          if (attempt < 3 && code !== undefined && RETRYABLE.has(code)) continue;
          throw error;
        } finally {
          client.release();
        }
      }
    },
    close: () => pool.end(),
  };
}

/** The PostgreSQL error code of a failed query (`23505` unique violation …), if any. */
export function pgCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** Timestamps come back as Date from both drivers; the API speaks ISO 8601 strings. */
export function iso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return new Date(String(value)).toISOString();
}
