/**
 * The lead desk at size, part of the API bench: `BENCH_DESK=10000,100000 npm run bench:api`
 * (bench/api.ts runs this instead of its load rows when BENCH_DESK is set).
 *
 * For each size and database (PGlite in a temporary DATA_DIR; PostgreSQL too when TEST_DATABASE_URL
 * is set, as under scripts/with-postgres.sh) it seeds that many leads with generate_series (1 000
 * a Hong Kong day, newest today; a ledger row each; every 7th redeemed), checks the plans of the
 * desk's statements (no sequential scan on leads), starts the real server in its own process
 * and times, one request at a time, the single-lead read (GET /api/lead?id=, staff) beside the
 * desk's first page, a search by phone, by reference and by a Chinese name, a filtered page deep
 * in the list, and a CSV export of up to 100 000 leads (rows/s, the server's RSS growth).
 * BENCH_DESK_DB=pglite|postgres: one database only. Writes the table into docs/lead-desk.md
 * (BENCH_DOC=0: print only).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { prepareDatabase } from "../server/app.ts";
import { DEFAULT_API_KEY } from "../server/config.ts";
import { type Db, openDb } from "../server/db/db.ts";
import { decodeCursor, encodeCursor, leadsPageSql } from "../server/services/leadDesk.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const DOC = path.join(ROOT, "docs", "lead-desk.md");
const START = "<!-- bench:desk:start -->";
const END = "<!-- bench:desk:end -->";
const PER_DAY = 1000;
const REPEAT = 15;
const HEADERS = { "x-api-key": DEFAULT_API_KEY };

/** Seeds `n` leads: lead i is created i × (86 400 s / PER_DAY) before now. */
export async function seed(db: Db, n: number): Promise<void> {
  await db.exec("ALTER TABLE leads DISABLE TRIGGER USER; ALTER TABLE redemptions DISABLE TRIGGER USER");
  const step = 86_400 / PER_DAY;
  for (let from = 1; from <= n; from += 100_000) {
    const to = Math.min(n, from + 99_999);
    // No statement timeout for the seed (PostgreSQL): on a loaded machine 100 000 rows take more than 10 s.
    await db.exec(`${db.kind === "postgres" ? "SET statement_timeout = 0;" : ""}
      INSERT INTO leads (id, flow, email, details, created_at, updated_at)
      SELECT 'NU' || lpad(upper(to_hex(i)), 8, '0'), CASE WHEN i % 3 = 0 THEN 'recruitment' ELSE 'nuform' END,
        'bench' || i || '@example.com',
        jsonb_build_object('last_name', (ARRAY['${LAST.join("','")}'])[i % 5 + 1],
          'first_name', (ARRAY['${FIRST.join("','")}'])[i % 7 + 1] || (i % 1000),
          'phone_code', '852', 'phone', (60000000 + i)::text,
          'partner', CASE WHEN i % 10 = 0 THEN 'C0' || (i % 4) END,
          'consents', jsonb_build_object('terms', true, 'privacy', true, 'marketing', i % 4 = 0)),
        now() - i * interval '${step} seconds', now() - i * interval '${step} seconds'
      FROM generate_series(${from}, ${to}) AS i;
      INSERT INTO consent_events (lead_id, purpose, given, channel, actor, at)
      SELECT 'NU' || lpad(upper(to_hex(i)), 8, '0'), 'marketing', i % 4 = 0, 'form', 'customer', now()
      FROM generate_series(${from}, ${to}) AS i;
      INSERT INTO redemptions (lead_id, kind, staff_id, staff_name, redeemed_at)
      SELECT 'NU' || lpad(upper(to_hex(i)), 8, '0'), 'member', 'S001', 'Kelly Lee', now()
      FROM generate_series(${from}, ${to}) AS i WHERE i % 7 = 0;`);
  }
  await db.exec(
    `${db.kind === "postgres" ? "SET statement_timeout = 0; " : ""}ALTER TABLE leads ENABLE TRIGGER USER; ALTER TABLE redemptions ENABLE TRIGGER USER; ANALYZE`,
  );
}

const LAST = ["陳", "李", "黃", "張", "何"];
const FIRST = ["大文", "小明", "美美", "嘉欣", "志強", "家豪", "詠詩"];
const ref = (i: number) => `NU${i.toString(16).toUpperCase().padStart(8, "0")}`;

interface Case {
  name: string;
  path: string;
  filters?: Record<string, string>;
  cursorAt?: number;
}

function cases(n: number): Case[] {
  const deep = Math.floor(n * 0.8);
  const name = `${LAST[deep % 5]}${FIRST[deep % 7]}${deep % 1000}`;
  return [
    { name: "first page (50)", path: "/api/admin/leads", filters: {} },
    {
      name: "search: phone",
      path: `/api/admin/leads?q=${60000000 + deep}`,
      filters: { q: String(60000000 + deep) },
    },
    { name: "search: reference", path: `/api/admin/leads?q=${ref(deep)}`, filters: { q: ref(deep) } },
    {
      name: "search: Chinese name",
      path: `/api/admin/leads?q=${encodeURIComponent(name)}`,
      filters: { q: name },
    },
    {
      name: `page at lead ${deep} (flow, marketing)`,
      path: "/api/admin/leads?flow=nuform&marketing=true",
      filters: { flow: "nuform", marketing: "true" },
      cursorAt: deep,
    },
  ];
}

/** The cursor of lead i (its created_at and id). */
async function cursorOf(db: Db, i: number): Promise<string> {
  const { rows } = await db.query<{ us: string }>(
    "SELECT (extract(epoch FROM created_at) * 1000000)::bigint::text AS us FROM leads WHERE id = $1",
    [ref(i)],
  );
  return encodeCursor({ us: rows[0].us, id: ref(i) });
}

async function plans(db: Db, n: number): Promise<string[]> {
  const bad: string[] = [];
  for (const c of cases(n)) {
    const after = c.cursorAt ? decodeCursor(await cursorOf(db, c.cursorAt)) : undefined;
    const { sql, params } = leadsPageSql(c.filters ?? {}, { limit: 50, after });
    const { rows } = await db.query<{ "QUERY PLAN": string }>(`EXPLAIN ${sql}`, params);
    const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
    if (/Seq Scan on leads/.test(plan)) bad.push(`${c.name}:\n${plan}`);
  }
  return bad;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const port = (probe.address() as { port: number }).port;
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(databaseUrl: string | undefined, dataDir: string) {
  const port = await freePort();
  // BENCH_DESK_PROFILE=<dir>: the server writes a CPU and a heap profile there (node --cpu-prof --heap-prof).
  const profile = process.env.BENCH_DESK_PROFILE;
  const flags = profile
    ? ["--cpu-prof", "--heap-prof", `--cpu-prof-dir=${profile}`, `--heap-prof-dir=${profile}`]
    : [];
  const child: ChildProcess = spawn(process.execPath, [...flags, "--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl ?? "",
      DATA_DIR: dataDir,
      SEED: "demo",
      NODE_ENV: "",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let seen = "";
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes("listening on")) {
        child.stdout?.removeAllListeners("data");
        child.stdout?.resume();
        resolve();
      }
    });
  });
  const rssMb = () => {
    const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    rssMb,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

async function token(url: string, staffId: string): Promise<string> {
  const res = await fetch(`${url}/api/staff/login`, {
    method: "POST",
    headers: { ...HEADERS, "content-type": "application/json" },
    body: JSON.stringify({ staff_id: staffId, password: "Nu-demo-2026" }),
  });
  return ((await res.json()) as { Data: { staff_token: string }[] }).Data[0].staff_token;
}

/** Median and p95 of REPEAT sequential requests (after one warm-up), in ms. */
async function timeGet(url: string, auth: string): Promise<{ median: number; p95: number }> {
  const once = async () => {
    const t = performance.now();
    const res = await fetch(url, { headers: { ...HEADERS, authorization: `Bearer ${auth}` } });
    const body = (await res.json()) as { Data: unknown[] };
    if (res.status !== 200 || body.Data.length === 0) throw new Error(`${url}: ${res.status}`);
    return performance.now() - t;
  };
  await once();
  const times: number[] = [];
  for (let i = 0; i < REPEAT; i++) times.push(await once());
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(REPEAT / 2)], p95: times[Math.ceil(REPEAT * 0.95) - 1] };
}

async function exportRate(url: string, auth: string, rows: number, rssMb: () => number) {
  const days = Math.ceil(rows / PER_DAY);
  const hk = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
  const query = `from=${hk(Date.now() - (days - 1) * 86_400_000)}&to=${hk(Date.now())}`;
  const before = rssMb();
  const load = os.loadavg()[0];
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb());
  }, 50);
  const t = performance.now();
  const res = await fetch(`${url}/api/admin/leads.csv?${query}`, {
    headers: { ...HEADERS, authorization: `Bearer ${auth}` },
  });
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
    for (const byte of chunk) if (byte === 10) lines++;
  const seconds = (performance.now() - t) / 1000;
  clearInterval(sampler);
  return { rows: lines - 1, perSecond: (lines - 1) / seconds, growthMb: peak - before, load };
}

interface Result {
  db: string;
  n: number;
  single: { median: number; p95: number };
  cases: { name: string; median: number; p95: number }[];
  exported: { rows: number; perSecond: number; growthMb: number; load: number };
  seqScans: string[];
  seedS: number;
}

async function runOne(dbName: "pglite" | "postgres", n: number): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nu-bench-desk-"));
  let url = dbName === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
  if (url) {
    // A database of its own on that server.
    const admin = await openDb({ url, dataDir });
    const name = `bench_desk_${n}_${Date.now()}`;
    await admin.exec(`CREATE DATABASE ${name}`);
    await admin.close();
    const parsed = new URL(url);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  }
  try {
    const db = await openDb({ url, dataDir });
    await prepareDatabase(db, "demo", Date.now());
    const seedStart = performance.now();
    console.log(`bench:desk ${dbName}: seeding ${n} leads…`);
    await seed(db, n);
    const seedS = (performance.now() - seedStart) / 1000;
    // Below 100 000 leads the planner rightly reads a small table whole rather than a GIN index.
    const seqScans = n >= 100_000 ? await plans(db, n) : [];
    const deepCursor = await cursorOf(db, Math.floor(n * 0.8));
    await db.close();
    const server = await startServer(url, dataDir);
    try {
      const admin = await token(server.url, "A001");
      const staff = await token(server.url, "S001");
      const single = await timeGet(`${server.url}/api/lead?id=${ref(Math.floor(n / 2))}`, staff);
      const timed = [];
      for (const c of cases(n)) {
        const sep = c.path.includes("?") ? "&" : "?";
        const full = `${server.url}${c.path}${c.cursorAt ? `${sep}cursor=${deepCursor}` : ""}`;
        timed.push({ name: c.name, ...(await timeGet(full, admin)) });
      }
      const exported = await exportRate(server.url, admin, Math.min(n, 100_000), server.rssMb);
      return { db: dbName, n, single, cases: timed, exported, seqScans, seedS };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function table(results: Result[]): string {
  const ms = (t: { median: number; p95: number }) => `${t.median.toFixed(1)} / ${t.p95.toFixed(1)}`;
  const lines = [
    "| database | leads | single-lead read | " +
      cases(10)
        .map((c) => c.name.replace(/ at lead \d+/, " deep"))
        .join(" | ") +
      " | CSV export | seed |",
    `|---|---:|---:|${cases(10)
      .map(() => "---:")
      .join("|")}|---|---:|`,
  ];
  for (const r of results) {
    const worst = Math.max(...r.cases.map((c) => c.median)) / r.single.median;
    lines.push(
      `| ${r.db} | ${r.n.toLocaleString("en")} | ${ms(r.single)} | ${r.cases.map((c) => ms(c)).join(" | ")} | ${r.exported.rows.toLocaleString("en")} rows, ${Math.round(r.exported.perSecond).toLocaleString("en")} rows/s (${Math.round((r.exported.perSecond * r.single.median) / 1000)} per single read), RSS +${r.exported.growthMb.toFixed(0)} MB, load ${r.exported.load.toFixed(1)} | ${r.seedS.toFixed(0)} s |`,
    );
    console.log(
      `${r.db} ${r.n}: slowest desk call ${worst.toFixed(1)}× the single-lead read; seq scans: ${r.seqScans.length}`,
    );
    for (const s of r.seqScans) console.log(s);
  }
  return lines.join("\n");
}

export async function runDeskBench(sizes: number[]): Promise<void> {
  const only = process.env.BENCH_DESK_DB;
  const results: Result[] = [];
  for (const n of sizes) {
    for (const dbName of ["pglite", "postgres"] as const) {
      if (only && only !== dbName) continue;
      if (dbName === "postgres" && !process.env.TEST_DATABASE_URL) continue;
      // PGlite is measured up to 100 000 leads (an embedded database's size); PostgreSQL beyond.
      if (dbName === "pglite" && n > 100_000) continue;
      results.push(await runOne(dbName, n));
      console.log(table(results));
    }
  }
  const section = [
    "### Lead desk at size (`BENCH_DESK=… npm run bench:api`)",
    "",
    `- Date: ${new Date().toISOString()}; ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} (a shared machine)`,
    `- Plans with a sequential scan on leads (checked from 100 000 leads): ${results.reduce((k, r) => k + r.seqScans.length, 0)}`,
    "",
    table(results),
    "",
    `Times in ms, median / p95 of ${REPEAT} requests one at a time (after one warm-up), through HTTP to the server process. The CSV cell: leads created in the last ${100} Hong Kong days (1 000 a day), whole file read by the client; rows/s, the rows sent in one single-lead read's median time (the ratio the machine's load disturbs least), the server's peak resident memory over its level before, and the 1-minute load average when the export started.`,
  ].join("\n");
  if (process.env.BENCH_DOC !== "0") {
    const doc = fs.readFileSync(DOC, "utf8");
    const block = `${START}\n${section}\n${END}`;
    fs.writeFileSync(
      DOC,
      doc.includes(START)
        ? doc.replace(new RegExp(`${START}[\\s\\S]*${END}`), block)
        : `${doc.trimEnd()}\n\n${block}\n`,
    );
  }
}
