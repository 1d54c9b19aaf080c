/**
 * `npm run bench:api`: load figures of the API against the yardstick of bare Hono, in one run.
 *
 * For each database (embedded PGlite in a temporary DATA_DIR, and PostgreSQL when TEST_DATABASE_URL is set, which
 * `bash scripts/with-postgres.sh` does; `npm run bench:api` runs under it) it starts the real
 * server in its own process, and a bare Hono server (bench/bare-hono.ts) that answers
 * the same list JSON the API just answered, then times with autocannon, in this order:
 * the three lists and an /api 404 (each on bare Hono, then on the API), GET /api/lead?id= as
 * staff, POST /api/lead (a new customer each request) and POST /api/redemptions (each on a lead written for it
 * before the run, once per kind). Before timing a row, one request of that row must answer the
 * status and envelope the row names, or the run stops: a row can never time the wrong path.
 * Each row with a rate target is then offered at exactly that rate, paced (open loop,
 * bench/paced.ts), for its latency at that rate.
 *
 * Writes the tables, ratios to bare Hono and the targets (docs/performance.md#budgets) into docs/performance.md
 * between the bench:api markers, with the machine. Settings: BENCH_DURATION (s per row,
 * default 6), BENCH_CONNECTIONS (default 10), BENCH_PORTS (first-last, default 8353-8399),
 * BENCH_CUSTOMERS (signed-in customers for the POST rows, default: as many as their requests),
 * BENCH_LEADS (leads per server for the redemption rows, default: enough for them),
 * BENCH_MAX_RATE (req/s a dynamic row's requests are made for before timing, default 2500 on
 * PGlite and 5000 on PostgreSQL: above what their rows reach),
 * BENCH_NODE_ARGS (extra node flags for the API server, e.g. `--cpu-prof`), BENCH_METRICS=compare
 * (a second server of this checkout that counts no metrics, `API, metrics off`, timed alternately:
 * the cost of /metrics' counting), BENCH_BASELINE
 * (a checkout of an earlier version: its server is timed on the same rows, interleaved, for
 * before/after in one run), BENCH_DOC=0 (print only), BENCH_ROWS (a regular expression: only
 * the rows whose call matches, e.g. `lead` or `_list`), BENCH_DB (`pglite` or `postgres`: that
 * database only), BENCH_DESK (e.g. `10000,100000`: the lead desk at those sizes instead, bench/desk.ts), BENCH_WEBHOOKS=1 (one more server, `API webhooks on`, timed alternately with
 * `API`: WEBHOOK_URLS names a receiver in this process that verifies nothing and answers 204; its
 * count of deliveries is printed). Each row's start and end are printed on the monotonic clock (µs, as V8's
 * `--cpu-prof` time stamps), so a profile can be split by row.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { newLeadRef } from "../lib/core/leadRef.ts";
import { prepareDatabase } from "../server/app.ts";
import { secretsFrom } from "../server/auth/secret.ts";
import { createSessions } from "../server/auth/sessions.ts";
import { createTokens } from "../server/auth/tokens.ts";
import { DEFAULT_API_KEY } from "../server/config.ts";
import { openDb } from "../server/db/db.ts";
import { runDeskBench } from "./desk.ts";
import { type PacedRequest, type PacedResult, paced } from "./paced.ts";

interface Histogram {
  average: number;
  p99: number;
}
interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  non2xx: number;
  errors: number;
  timeouts: number;
}
/** One request, in the shape autocannon and the paced sender both take. */
type RawRequest = PacedRequest;
/** What autocannon's `setupClient` hands over: one connection (its documented client API). */
interface AutocannonClient {
  setRequests(requests: RawRequest[]): void;
  on(event: "response", listener: () => void): void;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration?: number;
  setupClient?: (client: AutocannonClient) => void;
  requests?: RawRequest[];
}) => Promise<AutocannonResult>;

// autocannon ships no type declarations; the shape used here is declared above.
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const ROOT = path.resolve(import.meta.dirname, "..");
const DOC = path.join(ROOT, "docs", "performance.md");
const START = "<!-- bench:api:start -->";
const END = "<!-- bench:api:end -->";
const DURATION = Number(process.env.BENCH_DURATION ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const [FIRST_PORT, LAST_PORT] = (process.env.BENCH_PORTS ?? "8353-8399").split("-").map(Number);
/** BENCH_MAX_RATE: req/s every dynamic row is prepared for, instead of its database's `maxRate`. */
const MAX_RATE = process.env.BENCH_MAX_RATE ? Number(process.env.BENCH_MAX_RATE) : undefined;
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
const BASELINE = process.env.BENCH_BASELINE ? path.resolve(process.env.BENCH_BASELINE) : undefined;
/** The server timed beside this checkout's, if any: an earlier version, or this one without metrics. */
const SECOND: { name: string; root: string; entry: string } | undefined = BASELINE
  ? { name: "API before", root: BASELINE, entry: "server/main.ts" }
  : process.env.BENCH_METRICS === "compare"
    ? { name: "API, metrics off", root: ROOT, entry: "bench/metrics-off.ts" }
    : undefined;
const WEBHOOKS = process.env.BENCH_WEBHOOKS === "1";
/** Servers timed per row: the API, the earlier version, the API with webhooks on. */
const SERVER_COUNT = 1 + (SECOND ? 1 : 0) + (WEBHOOKS ? 1 : 0);
/** Deliveries the webhook receiver got (BENCH_WEBHOOKS=1). */
let webhookDeliveries = 0;

/** A receiver that answers every webhook 204 once its body is read. */
async function webhookReceiver(): Promise<{ url: string; close(): void }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      webhookDeliveries++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/hook`, close: () => server.close() };
}
const TOKEN_SECRET = randomBytes(32).toString("base64url");
const API_HEADERS = { "x-api-key": DEFAULT_API_KEY, "content-type": "application/json" };
const LISTS = ["/api/hospital_list", "/api/clinic_list", "/api/product_image"];
/** Leads written for each server's redemption rows: each is redeemed once per kind (two). */
const leadsPerServer = (db: Database) =>
  Number(
    process.env.BENCH_LEADS ??
      Math.ceil(
        ((maxRate(db) + (db.targets["POST /api/redemptions (distinct leads)"] ?? 0)) * DURATION) / 2,
      ) + 10,
  );
const maxRate = (db: Database) => MAX_RATE ?? db.maxRate;
const preparedPerConnection = (db: Database) => Math.ceil((maxRate(db) * DURATION) / CONNECTIONS);
const ROW_FILTER = process.env.BENCH_ROWS ? new RegExp(process.env.BENCH_ROWS) : undefined;
const DB_FILTER = process.env.BENCH_DB;
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

const usedPorts = new Set<number>();
async function freePort(): Promise<number> {
  for (let port = FIRST_PORT; port <= LAST_PORT; port++) {
    if (usedPorts.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) {
      usedPorts.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${FIRST_PORT}-${LAST_PORT}`);
}

interface Child {
  url: string;
  /** CPU time the process has used so far, in ms (Linux /proc; undefined elsewhere). */
  cpuMs(): number | undefined;
  stop(): Promise<void>;
}

/** A process's user + system CPU time in ms, from /proc/<pid>/stat (clock ticks of 10 ms). */
function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces) start at field 3; utime, stime are 14, 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

async function startChild(
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  ready: string,
): Promise<Child> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    // stdout is read until the ready line, then drained: the access log costs what it costs.
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`${args.join(" ")}: not ready within 120 s`)), 120_000);
    child.once("exit", (code) => reject(new Error(`${args.join(" ")} exited with ${code}`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes(ready)) {
        clearTimeout(timer);
        seen = "";
        child.stdout?.removeAllListeners("data");
        child.stdout?.resume();
        resolve();
      }
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    cpuMs: () => processCpuMs(child.pid),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** `databaseUrl` undefined: embedded PGlite in `dataDir`. */
function startApi(
  root: string,
  databaseUrl: string | undefined,
  dataDir: string,
  entry = "server/main.ts",
  env: NodeJS.ProcessEnv = {},
): Promise<Child> {
  return startChild(
    [...NODE_ARGS, "--import", "tsx", entry],
    {
      DATABASE_URL: databaseUrl ?? "",
      DATA_DIR: dataDir,
      TOKEN_SECRET,
      SEED: "demo",
      APP_ENV: "prod",
      NODE_ENV: "",
      WEBHOOK_URLS: "",
      WEBHOOK_SECRET: "",
      ...env,
    },
    root,
    "listening on",
  );
}

interface Expect {
  status: number;
  /** Error code of an error envelope; absent: an OK envelope with at least one Data item. */
  error?: string;
  /** Bare Hono's own 404 is plain text, not our envelope. */
  plain?: boolean;
}

interface RowSpec {
  call: string;
  expect: Expect;
  /** One request of the row; called for every request (new customer, new lead …). */
  next: () => RawRequest;
  dynamic?: boolean;
}

interface Row {
  call: string;
  server: string;
  result: AutocannonResult;
  /** The server process's own CPU time per answered request (µs): robust to a loaded machine. */
  cpuUsPerRequest?: number;
  /** The same call offered at the row's target rate, paced (open loop): its latency there. */
  atTarget?: PacedResult & { rate: number };
}

/** One request of the row must answer what the row says it times, before any timing. */
async function probe(url: string, spec: RowSpec): Promise<void> {
  const req = spec.next();
  const res = await fetch(url + req.path, { method: req.method, headers: req.headers, body: req.body });
  const text = await res.text();
  const fail = (why: string) => {
    throw new Error(
      `row "${spec.call}": ${req.method} ${req.path} answered ${res.status} ${text.slice(0, 200)} — ${why}`,
    );
  };
  if (res.status !== spec.expect.status) fail(`expected status ${spec.expect.status}`);
  if (spec.expect.plain) return;
  let body: { Code?: unknown; Message?: unknown; Data?: unknown; Error?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    return fail("not JSON");
  }
  if (body.Code !== spec.expect.status || typeof body.Message !== "string" || !Array.isArray(body.Data))
    fail("not the { Code, Message, Data } envelope of that status");
  if (spec.expect.error !== undefined && body.Error !== spec.expect.error)
    fail(`expected Error ${spec.expect.error}`);
  if (spec.expect.error === undefined && (body.Error !== undefined || (body.Data as unknown[]).length === 0))
    fail("expected an OK envelope with data");
}

async function time(child: Child, server: string, spec: RowSpec, rows: Row[], db: Database): Promise<void> {
  const { url } = child;
  await probe(url, spec);
  const perConnection = preparedPerConnection(db);
  const lists = spec.dynamic
    ? Array.from({ length: CONNECTIONS }, () => Array.from({ length: perConnection }, () => spec.next()))
    : undefined;
  console.log(`bench ${server}: ${spec.call} (${DURATION} s, ${CONNECTIONS} connections)…`);
  const load = lists ? preparedLoad(lists) : { requests: [spec.next()] };
  const cpuBefore = child.cpuMs();
  const startUs = monotonicUs();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, ...load });
  const cpuAfter = child.cpuMs();
  if ("overran" in load && load.overran())
    throw new Error(
      `row "${spec.call}": a connection used up its ${perConnection} prepared requests (raise BENCH_MAX_RATE)`,
    );
  console.log(`  window ${server} | ${spec.call} | ${startUs} | ${monotonicUs()}`);
  const cpuUsPerRequest =
    cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
      ? undefined
      : ((cpuAfter - cpuBefore) * 1000) / result.requests.total;
  rows.push({ call: spec.call, server, result, cpuUsPerRequest });
}

/**
 * The row's call offered at exactly `rate` ("p99 latency at those rates"), each request
 * due at its time whatever the answers before it (bench/paced.ts), latency counted from
 * then. Kept on the row timed at saturation just before.
 */
async function timeAtRate(
  child: Child,
  server: string,
  spec: RowSpec,
  rows: Row[],
  rate: number,
): Promise<void> {
  await probe(child.url, spec);
  console.log(`bench ${server}: ${spec.call} paced at ${rate}/s (${DURATION} s)…`);
  const pace = { rate, duration: DURATION, connections: CONNECTIONS };
  // A second of the same pace on a list first: the pacing code's own first run is not timed.
  await paced(child.url, () => ({ method: "GET", path: LISTS[0], headers: API_HEADERS }), {
    ...pace,
    duration: 1,
  });
  const requests = Array.from({ length: Math.round(rate * DURATION) }, () => spec.next());
  const result = await paced(child.url, (i) => requests[i], pace);
  const row = rows.findLast((r) => r.server === server && r.call === spec.call);
  if (row) row.atTarget = { ...result, rate };
}

/**
 * The requests of a dynamic row (a new customer, a new lead each time), all made before the clock
 * starts: each connection gets its own list in autocannon's `setupClient`, which runs before
 * timing, and autocannon writes each request's bytes once there. Built during the run (its
 * `setupRequest`), they cost this process more CPU per request than the server's own 404, on the
 * same two cores as the server. A connection that answered its whole list would start it again
 * (repeats): the row is refused.
 */
function preparedLoad(lists: RawRequest[][]): {
  setupClient: (client: AutocannonClient) => void;
  overran: () => boolean;
} {
  let overran = false;
  let next = 0;
  return {
    setupClient(client) {
      const list = lists[next++ % lists.length];
      client.setRequests(list);
      let answered = 0;
      client.on("response", () => {
        if (++answered > list.length) overran = true;
      });
    },
    overran: () => overran,
  };
}

async function json(url: string, init: RequestInit = {}): Promise<{ Data: Record<string, string>[] }> {
  const res = await fetch(url, { ...init, headers: { ...API_HEADERS, ...init.headers } });
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ Data: Record<string, string>[] }>;
}

interface Customer {
  email: string;
  token: string;
}

/**
 * The API rows for one server. The redemption row redeems `leads` (made for this server before
 * the run), each once per kind: its rate does not depend on how many the POST row created.
 */
function apiRows(
  customers: () => Customer,
  staffToken: string,
  leads: string[],
  onRepeat: () => void,
): RowSpec[] {
  const staffHeaders = { ...API_HEADERS, authorization: `Bearer ${staffToken}` };
  let redeemed = 0;
  let keys = 0;
  const kinds = ["member", "nutritionist"];
  /**
   * A new customer's lead. Their sessions were written before the run, so this instance has not
   * seen them and the insert checks each in the same statement (the case of a customer signed in
   * through another instance or before a restart; side by side in one run, no slower than one it
   * knows: docs/performance.md).
   */
  const newLead = (): RawRequest => {
    const who = customers();
    return {
      method: "POST",
      path: "/api/lead",
      headers: {
        ...API_HEADERS,
        authorization: `Bearer ${who.token}`,
        "idempotency-key": `bench-${++keys}-${randomBytes(4).toString("hex")}`,
      },
      body: JSON.stringify({
        flow: "nuform",
        email: who.email,
        last_name: "陳",
        first_name: "大文",
        phone_code: "852",
        phone: "91234567",
        consents: { terms: true, privacy: true, marketing: false },
      }),
    };
  };
  return [
    ...listRows(),
    {
      call: "GET /api/no-such-route (404)",
      expect: { status: 404, error: "NOT_FOUND" },
      next: () => ({ method: "GET", path: "/api/no-such-route", headers: API_HEADERS }),
    },
    {
      call: "GET /api/lead?id= (staff)",
      expect: { status: 200 },
      next: () => ({ method: "GET", path: "/api/lead?id=NUDEM00001", headers: staffHeaders }),
    },
    {
      call: "POST /api/lead (new customer)",
      expect: { status: 200 },
      dynamic: true,
      next: newLead,
    },
    {
      call: "POST /api/redemptions (distinct leads)",
      expect: { status: 200 },
      dynamic: true,
      next: () => {
        // Every lead once as member, then once as nutritionist; after that repeats (409).
        const n = redeemed++;
        if (n >= leads.length * kinds.length) onRepeat();
        const lead = leads[n % leads.length];
        const kind = kinds[Math.floor(n / leads.length) % kinds.length];
        return {
          method: "POST",
          path: "/api/redemptions",
          headers: staffHeaders,
          body: JSON.stringify({ lead_id: lead, kind }),
        };
      },
    },
  ];
}

/** The reference-list rows, the same on the API and on bare Hono. */
function listRows(): RowSpec[] {
  return LISTS.map((list) => ({
    call: `GET ${list}`,
    expect: { status: 200 },
    next: () => ({ method: "GET", path: list, headers: API_HEADERS }),
  }));
}

const wanted = (spec: RowSpec) => ROW_FILTER === undefined || ROW_FILTER.test(spec.call);

function bareRows(): RowSpec[] {
  return [
    ...listRows(),
    {
      call: "GET /api/no-such-route (404)",
      expect: { status: 404, plain: true },
      next: () => ({ method: "GET", path: "/api/no-such-route", headers: API_HEADERS }),
    },
  ];
}

interface Database {
  name: string;
  /** Undefined: embedded PGlite in a temporary DATA_DIR. */
  url: string | undefined;
  /** Targets for the database-bound rows (docs/performance.md#budgets): req/s. */
  targets: Record<string, number>;
  /**
   * The rate (req/s) its dynamic rows are prepared for: above what they reach here (a connection
   * that runs out of requests stops the run), and no more, as each lead request needs a customer
   * signed in beforehand.
   */
  maxRate: number;
}

/** Leads written straight into the database for the redemption rows (`sets` lists of `count`). */
async function seedLeads(handle: Awaited<ReturnType<typeof openDb>>, sets: number, count: number) {
  const lists: string[][] = [];
  const details = JSON.stringify({
    last_name: "陳",
    first_name: "大文",
    phone_code: "852",
    phone: "91234567",
  });
  for (let set = 0; set < sets; set++) {
    const ids = Array.from({ length: count }, () => newLeadRef());
    await handle.query(
      `INSERT INTO leads (id, flow, email, details, created_at, updated_at)
       SELECT id, 'nuform', 'bench.' || lower(id) || '@example.com', $2::jsonb, now(), now()
       FROM unnest($1::text[]) AS id ON CONFLICT DO NOTHING`,
      [ids, details],
    );
    lists.push(ids);
  }
  return lists;
}

/**
 * Migrates and seeds the database, then signs customer tokens with the servers' TOKEN_SECRET
 * (the e-mail-code limits would not allow thousands of sign-ins), their sessions written into
 * the database the servers then open; and the leads each server's redemption row redeems.
 */
async function customerPool(
  db: Database,
  dataDir: string,
  count: number,
  leadSets: number,
): Promise<{ customers: Customer[]; leads: string[][] }> {
  const handle = await openDb({ url: db.url, dataDir });
  try {
    await prepareDatabase(handle, "demo", Date.now());
    const secrets = secretsFrom(TOKEN_SECRET);
    const sessions = await createSessions(handle, Date.now);
    const tokens = createTokens(secrets.tokenKey, sessions, secrets.hmac);
    const run = randomBytes(3).toString("hex");
    const pool: Customer[] = [];
    for (let i = 0; i < count; i++) {
      const email = `bench.${run}.${i}@example.com`;
      pool.push({ email, token: await tokens.customer(email, "nuform") });
    }
    await sessions.close();
    return { customers: pool, leads: await seedLeads(handle, leadSets, leadsPerServer(db)) };
  } finally {
    await handle.close();
  }
}

async function runDatabase(
  db: Database,
  customerCount: number,
): Promise<{ rows: Row[]; exhausted: boolean; repeated: boolean }> {
  const rows: Row[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nu-bench-"));
  console.log(`${db.name}: preparing the database and ${customerCount} customer sessions…`);
  const { customers: pool, leads } = await customerPool(
    db,
    path.join(dataDir, "after"),
    customerCount,
    SERVER_COUNT,
  );
  // PGlite is one process per data folder: the earlier version gets a copy of the prepared one.
  if (SECOND && db.url === undefined)
    fs.cpSync(path.join(dataDir, "after"), path.join(dataDir, "before"), { recursive: true });
  if (WEBHOOKS && db.url === undefined)
    fs.cpSync(path.join(dataDir, "after"), path.join(dataDir, "webhooks"), { recursive: true });
  let next = 0;
  let exhausted = false;
  let repeated = false;
  const customers = (): Customer => {
    if (next >= pool.length) exhausted = true;
    return pool[next++ % pool.length];
  };
  const servers: { name: string; root: string; dir: string; env?: NodeJS.ProcessEnv; entry?: string }[] = [
    { name: "API", root: ROOT, dir: path.join(dataDir, "after") },
  ];
  const receiver = WEBHOOKS ? await webhookReceiver() : undefined;
  if (receiver)
    servers.push({
      name: "API webhooks on",
      root: ROOT,
      dir: path.join(dataDir, db.url ? "after" : "webhooks"),
      env: { WEBHOOK_URLS: receiver.url, WEBHOOK_SECRET: `whsec_${randomBytes(32).toString("base64")}` },
    });
  if (SECOND)
    servers.unshift({
      name: SECOND.name,
      root: SECOND.root,
      entry: SECOND.entry,
      dir: path.join(dataDir, db.url ? "after" : "before"),
    });
  const started: { name: string; child: Child; specs: RowSpec[] }[] = [];
  let bare: Child | undefined;
  const bodiesFile = path.join(os.tmpdir(), `nu-forms-bench-${process.pid}.json`);
  try {
    for (const [i, { name, root, dir, env, entry }] of servers.entries()) {
      const child = await startApi(root, db.url, dir, entry, env);
      const login = await json(`${child.url}/api/staff/login`, {
        method: "POST",
        body: JSON.stringify({ staff_id: "S001", password: "Nu-demo-2026" }),
      });
      const specs = apiRows(customers, login.Data[0].staff_token, leads[i], () => {
        repeated = true;
      });
      started.push({ name, child, specs });
    }
    const bodies: Record<string, unknown> = {};
    for (const list of LISTS) bodies[list] = await json(started[0].child.url + list);
    fs.writeFileSync(bodiesFile, JSON.stringify(bodies));
    bare = await startChild(
      ["--import", "tsx", "bench/bare-hono.ts"],
      { BARE_BODIES: bodiesFile },
      ROOT,
      "listening",
    );
    // Row by row, each server in turn, bare Hono's same call first: a ratio and a before/after
    // compare figures taken at the same moment of a noisy machine, not minutes apart.
    const bareSpecs = bareRows();
    const count = started[0].specs.length;
    for (let i = 0; i < count; i++) {
      if (!wanted(started[0].specs[i])) continue;
      const yardstick = bareSpecs.find((b) => b.call === started[0].specs[i].call);
      if (yardstick) await time(bare, "bare Hono", yardstick, rows, db);
      for (const s of started) await time(s.child, s.name, s.specs[i], rows, db);
      const rate = db.targets[started[0].specs[i].call];
      if (rate !== undefined)
        for (const s of started) await timeAtRate(s.child, s.name, s.specs[i], rows, rate);
    }
  } finally {
    await bare?.stop();
    for (const s of started) await s.child.stop();
    receiver?.close();
    if (receiver) console.log(`${db.name}: the webhook receiver got ${webhookDeliveries} deliveries`);
    fs.rmSync(bodiesFile, { force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { rows, exhausted, repeated };
}

function ratio(rows: Row[], row: Row): string {
  const bare = rows.find((r) => r.server === "bare Hono" && r.call === row.call);
  const yardstick = bare ?? rows.find((r) => r.server === "bare Hono" && r.call === `GET ${LISTS[0]}`);
  if (!yardstick || row.server === "bare Hono") return "";
  const pct = (100 * row.result.requests.average) / yardstick.result.requests.average;
  return `${pct.toFixed(pct < 10 ? 1 : 0)} %`;
}

function target(db: Database, rows: Row[], row: Row): string {
  if (row.server === "bare Hono") return "";
  const r = row.result;
  const clean = r.errors + r.timeouts === 0 && r.non2xx === 0;
  const bare = rows.find((b) => b.server === "bare Hono" && b.call === row.call);
  let need: string;
  let met: boolean;
  if (bare) {
    const share = row.call.includes("404") ? 0.5 : 0.6;
    need = `≥ ${share * 100} % of bare`;
    met = r.requests.average >= share * bare.result.requests.average;
  } else {
    const rate = db.targets[row.call];
    if (rate === undefined) return "";
    need = `≥ ${rate}/s`;
    met = r.requests.average >= rate;
  }
  // Judged on the saturation run: rate and p99 of the same 10-connection run. The paced figure
  // beside it is the stricter open-loop view, reported, not judged.
  met &&= r.latency.p99 <= 20;
  // A 404 row answers 404 by design; it counts as clean when nothing else went wrong.
  const ok = met && (clean || (row.call.includes("404") && r.errors + r.timeouts === 0));
  return `${need}, p99 ≤ 20 ms: ${ok ? "met" : "**not met**"}`;
}

function table(db: Database, rows: Row[]): string {
  const lines = [
    "| server | call | req/s | vs bare Hono | server CPU/request | p99 | mean | requests | non-2xx | errors | open loop at the target rate: p99 (p50), answered/s, failed | target |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
  ];
  for (const row of rows) {
    const r = row.result;
    const at = row.atTarget;
    const paced = at
      ? `${at.latency.p99.toFixed(1)} ms (${at.latency.p50.toFixed(1)}), ${Math.round(at.achievedRate)}/s of ${at.rate}, ${at.non2xx + at.errors}`
      : "";
    lines.push(
      `| ${row.server} | \`${row.call}\` | ${Math.round(r.requests.average)} | ${ratio(rows, row)} | ${row.cpuUsPerRequest === undefined ? "" : `${Math.round(row.cpuUsPerRequest)} µs`} | ${r.latency.p99} ms | ${r.latency.average.toFixed(1)} ms | ${r.requests.total} | ${r.non2xx} | ${r.errors + r.timeouts} | ${paced} | ${target(db, rows, row)} |`,
    );
  }
  return lines.join("\n");
}

function machine(loadBefore: number[]): string {
  const cpus = os.cpus();
  return [
    `- Date: ${new Date().toISOString()}`,
    `- CPU: ${cpus[0]?.model.trim() ?? "unknown"}, ${cpus.length} cores visible (${os.availableParallelism()} usable)`,
    `- Memory: ${Math.round(os.totalmem() / 2 ** 30)} GiB; OS: ${os.type()} ${os.release()} (${os.arch()})`,
    `- Node ${process.version}; load average before the run: ${loadBefore.map((l) => l.toFixed(2)).join(", ")} (the machine is shared: compare ratios, not absolute rates)`,
    `- Each server one process (\`APP_ENV=prod\`, access log to a pipe that is drained); autocannon in this process on the same machine, ${CONNECTIONS} connections, ${DURATION} s per row; every row preceded by one checked request; bare Hono timed right before the API's same call; the new-lead and redemption rows' requests made before the clock starts${NODE_ARGS.length ? `; API server flags: \`${NODE_ARGS.join(" ")}\`` : ""}${SECOND ? `; \`${SECOND.name}\` is ${BASELINE ? "the earlier version" : "this version counting no metrics"}, timed row by row alternately with \`API\`` : ""}`,
  ].join("\n");
}

function writeDoc(section: string): void {
  const block = `${START}\n${section}\n${END}`;
  let doc = fs.existsSync(DOC) ? fs.readFileSync(DOC, "utf8") : "# Performance\n";
  if (doc.includes(START) && doc.includes(END)) {
    doc = doc.slice(0, doc.indexOf(START)) + block + doc.slice(doc.indexOf(END) + END.length);
  } else {
    doc = `${doc.trimEnd()}\n\n## API server\n\n${block}\n`;
  }
  fs.writeFileSync(DOC, doc);
}

async function main(): Promise<void> {
  if (process.env.BENCH_DESK) return runDeskBench(process.env.BENCH_DESK.split(",").map(Number));
  const loadBefore = os.loadavg();
  const databases: Database[] = [
    {
      name: "PGlite (embedded, temporary DATA_DIR)",
      url: undefined,
      targets: {
        "GET /api/lead?id= (staff)": 3000,
        "POST /api/lead (new customer)": 1000,
        "POST /api/redemptions (distinct leads)": 1000,
      },
      maxRate: 2_500,
    },
  ];
  const pgUrl = process.env.TEST_DATABASE_URL?.trim();
  if (pgUrl) {
    databases.push({
      name: "PostgreSQL (`DATABASE_URL`, pool of 10)",
      url: pgUrl,
      targets: {
        "GET /api/lead?id= (staff)": 4000,
        "POST /api/lead (new customer)": 2000,
        "POST /api/redemptions (distinct leads)": 1500,
      },
      maxRate: 5_000,
    });
  } else {
    console.log(
      "TEST_DATABASE_URL unset: PGlite only (run under bash scripts/with-postgres.sh for PostgreSQL)",
    );
  }

  // Each timed server's lead row draws one customer per prepared request, one per paced request,
  // and one for each probe.
  const customersFor = (db: Database) =>
    Number(
      process.env.BENCH_CUSTOMERS ??
        SERVER_COUNT *
          (CONNECTIONS * preparedPerConnection(db) +
            (db.targets["POST /api/lead (new customer)"] ?? 0) * DURATION +
            3),
    );
  let exhausted = false;
  let repeated = false;
  const sections: string[] = [];
  for (const db of databases) {
    if (DB_FILTER !== undefined && !db.name.toLowerCase().startsWith(DB_FILTER.toLowerCase())) continue;
    const { rows, exhausted: ranOut, repeated: again } = await runDatabase(db, customersFor(db));
    exhausted ||= ranOut;
    repeated ||= again;
    console.log(`\n${db.name}\n${table(db, rows)}`);
    sections.push(`#### ${db.name}\n\n${table(db, rows)}`);
  }
  const section = [
    "### API load figures (`npm run bench:api`)",
    "",
    machine(loadBefore),
    "",
    ...sections.flatMap((s) => [s, ""]),
    "`req/s`, `p99`, `mean`: 10 connections each sending its next request as soon as the last is answered (saturation). The targets are judged on these. `open loop at the target rate`: the same call offered at exactly the row's target rate after a second of warm-up, each request due at its time whatever became of the ones before it, latency counted from then (bench/paced.ts): the stricter view of a service's tail, where one pause of the machine queues every request due during it; reported, not judged.",
    "",
    "`vs bare Hono`: the row's rate as a share of bare Hono answering the same JSON (lists), its own 404 (404 row), or the hospital list (other rows), measured in the same run. POST /api/lead creates a new lead per request (new e-mail, new Idempotency-Key), whose session (written before the run) this instance has not seen: the insert checks it in the same statement. POST /api/redemptions redeems leads written for it before the run, each once per kind." +
      (exhausted ? " The customer pool ran out: later lead requests were repeats answered 409." : "") +
      (repeated ? " The redemption leads ran out: later redemptions were repeats answered 409." : ""),
  ].join("\n");
  if (process.env.BENCH_DOC !== "0") {
    writeDoc(section);
    console.log(`written to ${path.relative(ROOT, DOC)}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
