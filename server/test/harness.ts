/**
 * Integration-test harness: starts the real server in-process on 127.0.0.1 port 0 with a fresh
 * database — in-memory PGlite by default, or, when TEST_DATABASE_URL is set, a new database
 * created on that PostgreSQL server for this server alone (dropped on stop). The clock can be
 * moved forward to expire codes, locks and tokens.
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { type AppOptions, prepareDatabase, type RunningServer, startServer } from "../app.ts";
import { passwordCost } from "../auth/password.ts";
import { DEFAULT_API_KEY } from "../config.ts";
import { createPglite, type Db, wrapPglite } from "../db/db.ts";
import { listMigrations } from "../db/migrate.ts";

export { newLeadBody } from "./leadBody.ts";

export const API_KEY = DEFAULT_API_KEY;
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
export const DEMO_PASSWORD = "Nu-demo-2026";
const ROOT = path.resolve(import.meta.dirname, "../..");

export interface Clock {
  now(): number;
  advance(ms: number): void;
}

export function testClock(): Clock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(ms) {
      offset += ms;
    },
  };
}

export interface ApiResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: { Code: number; Message: string; Data: T[]; Error?: string; Field?: string };
}

export interface CallOptions {
  body?: unknown;
  /** Sent as is (not JSON-encoded) when a string. */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
  apiKey?: string | null;
}

export interface TestServer extends RunningServer {
  clock: Clock;
  logs: string[];
  db: Db;
  call<T = Record<string, unknown>>(
    method: string,
    pathAndQuery: string,
    opts?: CallOptions,
  ): Promise<ApiResult<T>>;
}

/**
 * A PGlite data folder already migrated and seeded (SEED=demo, or only the reference data for
 * SEED=none), made once and reused: it skips initdb (seconds of WebAssembly on every new database)
 * and the password hashing of the demo staff. Any change to the schema, the seed or the tests'
 * password cost makes a new one. server/test/globalSetup.ts makes both before the files run.
 */
export function pgliteTemplate(seed: "demo" | "none" = "demo"): Promise<Blob> {
  return pgliteTemplateFile(seed).then((tar) => new Blob([new Uint8Array(fs.readFileSync(tar))]));
}

/** pgliteTemplate's file, for a server process started with PGLITE_TEMPLATE (e2e, engines). */
export async function pgliteTemplateFile(seed: "demo" | "none" = "demo"): Promise<string> {
  return (await preparedTemplate(seed)).tar;
}

/**
 * Makes `dataDir` (which must not exist yet) a DATA_DIR whose embedded database is already
 * migrated and seeded like pgliteTemplate(seed): a copy of a folder made once, so that a tool or
 * process started on it opens the files rather than running initdb. Returns `dataDir`.
 */
export async function preparedDataDir(dataDir: string, seed: "demo" | "none" = "none"): Promise<string> {
  const { folder } = await preparedTemplate(seed);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.cpSync(folder, path.join(dataDir, "pglite"), { recursive: true });
  return dataDir;
}

const templates = new Map<string, Promise<{ tar: string; folder: string }>>();

function preparedTemplate(seed: "demo" | "none"): Promise<{ tar: string; folder: string }> {
  let template = templates.get(seed);
  if (!template) {
    template = makePgliteTemplate(seed);
    templates.set(seed, template);
  }
  return template;
}

async function makePgliteTemplate(seed: "demo" | "none"): Promise<{ tar: string; folder: string }> {
  const seedDir = path.join(ROOT, "server/db");
  const inputs = [
    ...listMigrations().map((m) => m.sql),
    fs.readFileSync(path.join(seedDir, "seed.ts"), "utf8"),
    ...fs
      .readdirSync(path.join(seedDir, "seed-data"))
      .map((f) => fs.readFileSync(path.join(seedDir, "seed-data", f), "utf8")),
    JSON.stringify(passwordCost()),
    // The demo leads are dated when the template is made: a new one each day keeps them recent.
    new Date().toISOString().slice(0, 10),
  ];
  const hash = createHash("sha256").update(inputs.join("\n")).digest("hex").slice(0, 16);
  const dir = path.join(ROOT, "node_modules", ".cache", "nu-forms-test");
  const tar = path.join(dir, `pglite-${seed}-${hash}.tar`);
  const folder = path.join(dir, `pglite-${seed}-${hash}.folder`);
  if (!fs.existsSync(tar)) {
    const pglite = await createPglite();
    await prepareDatabase(wrapPglite(pglite), seed, Date.now());
    const dump = await pglite.dumpDataDir("none");
    await pglite.close();
    fs.mkdirSync(dir, { recursive: true });
    const tmp = `${tar}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, new Uint8Array(await dump.arrayBuffer()));
    fs.renameSync(tmp, tar);
    dropOldTemplates(dir, seed, hash);
  }
  if (!fs.existsSync(folder)) {
    const tmp = `${folder}.${process.pid}.tmp`;
    fs.rmSync(tmp, { recursive: true, force: true });
    const pglite = await createPglite({
      dataDir: tmp,
      loadDataDir: new Blob([new Uint8Array(fs.readFileSync(tar))]),
    });
    await pglite.close();
    try {
      fs.renameSync(tmp, folder);
    } catch (error) {
      // Another worker renamed its copy first: theirs is as good.
      if (!fs.existsSync(folder)) throw error;
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }
  return { tar, folder };
}

/** A new, empty database on the TEST_DATABASE_URL server; returns its URL and how to drop it. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is not set");
  const name = `nu_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export function clientFor(url: string, defaults: { apiKey?: string } = {}) {
  return async function call<T>(
    method: string,
    pathAndQuery: string,
    opts: CallOptions = {},
  ): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    const key = opts.apiKey === undefined ? (defaults.apiKey ?? API_KEY) : opts.apiKey;
    if (key !== null) headers["x-api-key"] = key;
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers["content-type"] ??= "application/json";
    }
    const response = await fetch(`${url}${pathAndQuery}`, { method, headers, body });
    const text = await response.text();
    let parsed: ApiResult<T>["body"];
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${pathAndQuery}: not JSON (${response.status}): ${text.slice(0, 200)}`);
    }
    return { status: response.status, headers: response.headers, body: parsed };
  };
}

export interface StartOptions extends AppOptions {
  /** Reuse this PostgreSQL database instead of making a fresh one (two-instance tests). */
  postgresUrl?: string;
}

export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const clock = testClock();
  const logs: string[] = [];
  const { postgresUrl, ...appOptions } = options;
  let databaseUrl = "memory://";
  let dropDatabase: (() => Promise<void>) | undefined;
  let pgliteTemplateBlob: Blob | undefined;
  if (postgresUrl) {
    databaseUrl = postgresUrl;
  } else if (TEST_DATABASE_URL) {
    const fresh = await freshPostgresDatabase();
    databaseUrl = fresh.url;
    dropDatabase = fresh.drop;
  } else {
    pgliteTemplateBlob = await pgliteTemplate(appOptions.seed === "none" ? "none" : "demo");
  }
  const server = await startServer({
    host: "127.0.0.1",
    port: 0,
    databaseUrl,
    pgliteTemplate: pgliteTemplateBlob,
    now: clock.now,
    log: (line) => logs.push(line),
    ...appOptions,
  });
  return {
    ...server,
    clock,
    logs,
    db: server.deps.db,
    call: clientFor(server.url, { apiKey: appOptions.apiKey }),
    async stop() {
      await server.stop();
      await dropDatabase?.();
    },
  };
}

// ---- sign-in helpers -----------------------------------------------------------------------

export async function latestCode(
  s: TestServer,
  who: { email: string } | { staff_id: string },
): Promise<string> {
  const query = "email" in who ? `email=${encodeURIComponent(who.email)}` : `staff_id=${who.staff_id}`;
  const res = await s.call<{ code: string }>("GET", `/api/dev/outbox?${query}`);
  if (res.status !== 200 || !res.body.Data[0]) throw new Error(`no code in the outbox for ${query}`);
  return res.body.Data[0].code;
}

export async function customerToken(
  s: TestServer,
  email: string,
  flow: "nuform" | "recruitment" = "nuform",
): Promise<string> {
  const sent = await s.call("POST", "/api/auth/email/code", { body: { email, flow } });
  if (sent.status !== 200) throw new Error(`code not sent: ${JSON.stringify(sent.body)}`);
  const code = await latestCode(s, { email });
  const res = await s.call<{ token: string }>("POST", "/api/auth/email/verify", {
    body: { email, code, flow },
  });
  if (res.status !== 200) throw new Error(`verify failed: ${JSON.stringify(res.body)}`);
  return res.body.Data[0].token;
}

export async function staffToken(s: TestServer, staffId: "S001" | "S002" | "A001"): Promise<string> {
  const res = await s.call<{ staff_token: string; need_otp: string }>("POST", "/api/staff/login", {
    body: { staff_id: staffId, password: DEMO_PASSWORD },
  });
  if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  if (res.body.Data[0].need_otp !== "Y") return res.body.Data[0].staff_token;
  const code = await latestCode(s, { staff_id: staffId });
  const otp = await s.call<{ staff_token: string }>("POST", "/api/staff/otp", {
    body: { staff_id: staffId, code },
    headers: ticketHeader(res),
  });
  if (otp.status !== 200) throw new Error(`otp failed: ${JSON.stringify(otp.body)}`);
  return otp.body.Data[0].staff_token;
}

/** The code step's ticket a password step answered with, as the header that sends it back. */
export function ticketHeader(login: { headers: Headers }): Record<string, string> {
  const ticket = login.headers.get("x-staff-code-ticket");
  return ticket === null ? {} : { "x-staff-code-ticket": ticket };
}

/** One log line as the server wrote it (JSON, see server/log.ts). */
export interface LogEntry {
  level?: string;
  method?: string;
  path?: string;
  status?: number;
  aborted?: boolean;
  [key: string]: unknown;
}

/** The server's log lines so far, parsed. */
export function logEntries(s: { logs: string[] }): LogEntry[] {
  return s.logs.map((line) => JSON.parse(line) as LogEntry);
}

/** Log lines of server errors: an error entry or a 500 answer. */
export function errorEntries(s: { logs: string[] }): LogEntry[] {
  return logEntries(s).filter((e) => e.level === "error" || e.status === 500);
}

export async function count(s: TestServer, table: string): Promise<number> {
  const { rows } = await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return rows[0].n;
}

/** The SQL `s` sends while `run` runs. */
export async function queriesDuring(s: TestServer, run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const query = s.db.query.bind(s.db);
  s.db.query = (async (sql: string, params?: unknown[]) => {
    seen.push(sql);
    return query(sql, params);
  }) as typeof s.db.query;
  try {
    await run();
  } finally {
    s.db.query = query;
  }
  return seen;
}

/** Headers of a request from `address` as the proxy says it (for a server with `trustProxy`). */
export const from = (address: string): Record<string, string> => ({ "x-forwarded-for": address });

/** The staff password step from `address` (the server must be started with `trustProxy`). */
export const staffLoginFrom = (s: TestServer, staff_id: string, password: string, address: string) =>
  s.call<{ staff_token: string; need_otp: string }>("POST", "/api/staff/login", {
    body: { staff_id, password },
    headers: from(address),
  });

/** The staff code step from `address`; `ticket`: the password step's (ticketHeader), a stranger has none. */
export const staffOtpFrom = (
  s: TestServer,
  staff_id: string,
  code: string,
  address: string,
  ticket: Record<string, string> = {},
) =>
  s.call<{ staff_token: string }>("POST", "/api/staff/otp", {
    body: { staff_id, code },
    headers: { ...from(address), ...ticket },
  });

/** Templates of other days or schemas, left a day so that no run still reading one loses it. */
function dropOldTemplates(dir: string, seed: string, hash: string): void {
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith(`pglite-${seed}-`) || name.includes(hash)) continue;
    const file = path.join(dir, name);
    if (fs.statSync(file).mtimeMs < dayAgo) fs.rmSync(file, { recursive: true, force: true });
  }
}

/** Solves a proof-of-work challenge the server answered with, as the form does (with node:crypto: fast). */
export function solvePow(challenge: {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}): string {
  for (let number = 0; number <= challenge.maxnumber; number++) {
    if (createHash("sha256").update(`${challenge.salt}${number}`).digest("hex") !== challenge.challenge)
      continue;
    const { algorithm, salt, signature } = challenge;
    return Buffer.from(
      JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }),
    ).toString("base64");
  }
  throw new Error("challenge not solvable");
}
