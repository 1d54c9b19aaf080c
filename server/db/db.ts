/**
 * One database interface over PGlite (embedded) and PostgreSQL (node-postgres), so every query
 * is the same SQL on both. PGlite is a single connection: work that must be atomic goes through
 * `transaction()` (PGlite's own, which queues other queries until it ends), never raw BEGIN.
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite, type PGliteOptions, parse as pgliteParse, type Results } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { serialize } from "pg-protocol";
import { ConfigError } from "../config.ts";
import { lockDataFolder } from "./folderLock.ts";

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
  /** node-postgres' pool counts (metrics); absent on PGlite, one connection. */
  readonly pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` (`""` when none), and `onConnected(true|false)` whenever the
   * listener becomes able or unable to hear them (PostgreSQL: its own connection, re-opened after
   * a loss; notifications sent meanwhile are missed, which `onConnected(false)` warns of).
   * Returns the function that stops listening.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onConnected: (connected: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenDbOptions {
  /** `memory://`, `postgres://…`/`postgresql://…`, or undefined for PGlite files under `dataDir`. */
  url: string | undefined;
  dataDir: string;
  /** A PGlite data-folder dump to start a `memory://` database from (tests: skips initdb). */
  pgliteTemplate?: Blob;
}

/**
 * A PGlite database with the extensions the migrations use (pg_trgm: the lead desk's substring
 * search, migration 014). Every PGlite of the product and its tests is made here.
 */
export function createPglite(options: Omit<PGliteOptions, "extensions"> = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: { pg_trgm } });
}

export async function openDb(options: OpenDbOptions): Promise<Db> {
  const { url } = options;
  if (url === undefined) {
    const dir = path.join(options.dataDir, "pglite");
    // The files hold customers' details (the WAL in clear): owner only. PGlite's file system
    // creates files 0666 whatever the umask, so the tree is tightened after start and on close;
    // in between, DATA_DIR itself (0700) keeps other users from reaching any of it.
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const unlock = lockDataFolder(options.dataDir);
    let db: Db;
    try {
      restrictTree(options.dataDir);
      db = wrapPglite(await createPglite({ dataDir: dir }));
      restrictTree(options.dataDir);
    } catch (error) {
      unlock();
      throw error;
    }
    return {
      ...db,
      async close() {
        await db.close();
        restrictTree(options.dataDir);
        unlock();
      },
    };
  }
  if (url === "memory://") {
    return wrapPglite(
      await createPglite(options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {}),
    );
  }
  if (/^postgres(ql)?:\/\//.test(url))
    return wrapPostgres(new pg.Pool({ connectionString: url, ...POOL_LIMITS }), url);
  throw new ConfigError(
    'DATABASE_URL must be "memory://" or start with postgres:// (unset: PGlite in DATA_DIR)',
  );
}

/**
 * Which database this is, for people: `PostgreSQL host:port/db`, `embedded database in <DATA_DIR>`
 * or the in-memory one; never the user or password of DATABASE_URL.
 */
export function databaseLabel(options: { databaseUrl: string | undefined; dataDir: string }): string {
  const url = options.databaseUrl;
  if (url === undefined) return `embedded database in ${options.dataDir}`;
  if (url === "memory://") return "in-memory database";
  try {
    const parsed = new URL(url);
    const name = decodeURIComponent(parsed.pathname.replace(/^\//, ""));
    return `PostgreSQL ${parsed.host || "localhost"}/${name || "(default database)"}`;
  } catch {
    return "PostgreSQL (DATABASE_URL)";
  }
}

const UNREACHABLE = [
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ECONNRESET",
];

/**
 * Why a database could not be opened at start, as one line, or undefined when the error is not
 * one of a database that cannot be reached or refuses the connection. PostgreSQL's own messages
 * (role or database missing, wrong password) name roles and databases, never passwords.
 */
export function databaseStartProblem(
  error: unknown,
  options: { databaseUrl: string | undefined; dataDir: string },
): string | undefined {
  const e = error as { code?: unknown; message?: unknown; severity?: unknown } | null;
  const code = typeof e?.code === "string" ? e.code : "";
  const message = typeof e?.message === "string" ? e.message.split("\n")[0] : "";
  const where = databaseLabel(options);
  if (UNREACHABLE.includes(code))
    return `cannot reach the database (${where}): ${code}; is PostgreSQL running there, and are the host and port of DATABASE_URL right?`;
  if (typeof e?.severity === "string" && /^[0-9A-Z]{5}$/.test(code))
    return `the database refused the connection (${where}): ${message} (DATABASE_URL)`;
  if (isDatabaseUnavailable(error)) return `cannot use the database (${where}): ${code || message}`;
  return undefined;
}

/** Folders 0700 and files 0600 under `root` (and `root` itself). */
export function restrictTree(root: string): void {
  const stat = fs.statSync(root);
  if (stat.isDirectory()) {
    if ((stat.mode & 0o077) !== 0) fs.chmodSync(root, 0o700);
    for (const entry of fs.readdirSync(root)) restrictTree(path.join(root, entry));
  } else if (stat.isFile() && (stat.mode & 0o077) !== 0) {
    fs.chmodSync(root, 0o600);
  }
}

export function wrapPglite(db: PGlite): Db {
  const prepared = preparedPglite(db);
  const on = (q: Pick<PGlite, "query" | "exec">): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const result =
        params.length > 0 && preparable(sql, params)
          ? await prepared<T>(sql, params, q !== db)
          : await q.query<T>(sql, params);
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
    async listen(channel, onNotify, onConnected) {
      // One process owns a PGlite database: every NOTIFY is this process's own, never missed.
      const unsubscribe = await db.listen(channel, (payload) => onNotify(payload ?? ""));
      onConnected(true);
      return async () => {
        await unsubscribe();
      };
    },
    close: () => db.close(),
  };
}

/** Parameters PGlite's prepared path sends as text, exactly as its `query` would. */
function preparable(sql: string, params: unknown[]): boolean {
  if (sql.includes("*")) return false;
  return params.every((p) => p === null || p === undefined || typeof p === "string" || typeof p === "number");
}

/**
 * PGlite's `query` sends six protocol messages, one call into its WebAssembly each, and parses
 * and plans the statement every time. Here a statement is parsed once per database (named, like
 * the PostgreSQL path below) and then run as one call: Bind, Describe, Execute, Sync. Same locks
 * as `query` (outside a transaction: no other query or transaction in between; inside one, whose
 * callback holds the transaction lock: no other query in between), same result parsing;
 * notifications reach their listeners as before.
 * The messages are written by pg-protocol (node-postgres' own encoder, on Buffers): PGlite's
 * encoder cost more per insert than its result parsing (bench:api profile, docs/performance.md).
 * `_runExclusiveQuery`, `_runExclusiveTransaction` and `_checkReady` are PGlite's private methods:
 * kept because PGlite's `query` costs twice the CPU per statement (docs/performance.md, "PGlite"),
 * with PGlite pinned to one version and server/test/db.test.ts failing when they move.
 */
function preparedPglite(db: PGlite) {
  const names = new Map<string, string>();
  // Describe the unnamed portal, Execute it, Sync: the same bytes for every statement.
  const portal = Buffer.concat([serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()]);
  return async <T>(sql: string, params: unknown[], inTransaction: boolean) => {
    const run = () =>
      db._runExclusiveQuery(async () => {
        let name = names.get(sql);
        if (name === undefined) {
          name = `nu${names.size + 1}`;
          await db.execProtocol(Buffer.concat([serialize.parse({ name, text: sql }), serialize.sync()]), {
            syncToFs: false,
          });
          names.set(sql, name);
        }
        const values = params.map((p) => (p === null || p === undefined ? null : String(p)));
        const { messages } = await db.execProtocol(
          Buffer.concat([serialize.bind({ statement: name, values }), portal]),
        );
        return pgliteParse.parseResults(messages, db.parsers)[0] as Results<T>;
      });
    if (inTransaction) return run();
    await db._checkReady();
    return db._runExclusiveTransaction(run);
  };
}

const preparedNames = new Map<string, string>();
/**
 * Statements with parameters run as named prepared statements (parsed and planned once per
 * connection). Not those with `*`: their result type would be fixed at the first run, and a
 * migration by another instance could change it.
 */
function preparedName(sql: string): string | undefined {
  if (sql.includes("*")) return undefined;
  let name = preparedNames.get(sql);
  if (name === undefined) {
    name = `nu${preparedNames.size + 1}`;
    preparedNames.set(sql, name);
  }
  return name;
}

/**
 * Bounds on every PostgreSQL session, so one slow statement or held lock cannot use up the pool
 * and stall unrelated requests: a request waits at most this long for a connection, a statement
 * or a lock; a transaction left idle is ended by the server.
 */
export const POOL_LIMITS = {
  max: 10,
  connectionTimeoutMillis: 5_000,
  statement_timeout: 10_000,
  lock_timeout: 5_000,
  idle_in_transaction_session_timeout: 30_000,
} as const;

/**
 * Whether a failure means "the database is not there right now" (connection lost or refused,
 * server shutting down, no connection free in time, a statement or lock timed out) rather than
 * a bug: the API answers those 503 SERVICE_UNAVAILABLE, and the pool reconnects by itself.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === "string" ? e.code : "";
  const message = typeof e?.message === "string" ? e.message : "";
  return (
    code.startsWith("08") || // connection exceptions
    ["57P01", "57P02", "57P03", "53300", "57014", "55P03"].includes(code) ||
    ["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"].includes(code) ||
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended/i.test(
      message,
    )
  );
}

/** PostgreSQL error codes worth one more try of the whole transaction. */
const RETRYABLE = new Set(["40001", "40P01"]);

const LISTEN_RETRY_MS = 1000;

/** A dedicated connection LISTENing on `channel`, re-opened after any loss. */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onConnected: (connected: boolean) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (client === c) client = null;
      onConnected(false);
      c.end().catch(() => {});
      if (!stopped) {
        retry = setTimeout(() => void connect(), LISTEN_RETRY_MS);
        retry.unref();
      }
    };
    c.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    c.on("error", onLost);
    c.on("end", onLost);
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch {
      onLost();
      return;
    }
    if (stopped || lost) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    onConnected(true);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}

function wrapPostgres(pool: pg.Pool, url: string): Db {
  // An idle client that loses its server connection emits 'error' on the pool; without a
  // listener that would end the process.
  const report = (err: Error) =>
    console.error(`postgres pool: ${(err as { code?: string }).code ?? err.name}`);
  pool.on("error", report);
  // A client in use (a query or transaction running) that loses its connection emits 'error' on
  // itself, with no pool listener then: without one of its own that would end the process. The
  // running query fails on its own; the broken client is thrown away on release.
  pool.on("connect", (client) => client.on("error", report));
  const on = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const name = params.length > 0 ? preparedName(sql) : undefined;
      const result = await client.query(
        name ? { name, text: sql, values: params } : { text: sql, values: params },
      );
      return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });
  return {
    kind: "postgres",
    pool,
    ...on(pool),
    async transaction(fn) {
      for (let attempt = 1; ; attempt++) {
        const client = await pool.connect();
        let broken = false;
        try {
          await client.query("BEGIN");
          const result = await fn(on(client));
          await client.query("COMMIT");
          return result;
        } catch (error) {
          broken = isDatabaseUnavailable(error);
          if (!broken) await client.query("ROLLBACK").catch(() => {});
          const code = (error as { code?: string }).code;
          if (attempt < 3 && code !== undefined && RETRYABLE.has(code)) continue;
          throw error;
        } finally {
          // A client whose connection failed is destroyed, not returned to the pool.
          client.release(broken);
        }
      }
    },
    listen: (channel, onNotify, onConnected) => listenPostgres(url, channel, onNotify, onConnected),
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
