/**
 * `npm run bench:api`: load figures of the API. Starts the real server (its own process, on a
 * free loopback port, embedded PGlite in a temporary DATA_DIR prepared beforehand), runs autocannon against three calls and writes
 * requests/s and latency into docs/performance.md between the bench:api markers, with the
 * machine it ran on. BENCH_DURATION (s, default 10) and BENCH_CONNECTIONS (default 10) tune it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { prepareDatabase } from "../server/app.ts";
import { secretsFrom } from "../server/auth/secret.ts";
import { createSessions } from "../server/auth/sessions.ts";
import { createTokens } from "../server/auth/tokens.ts";
import { DEFAULT_API_KEY } from "../server/config.ts";
import { openDb } from "../server/db/db.ts";

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
interface RawRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  requests?: { setupRequest?: (req: RawRequest) => RawRequest }[];
}) => Promise<AutocannonResult>;

// autocannon ships no type declarations; the shape used here is declared above.
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const ROOT = path.resolve(import.meta.dirname, "..");
const DOC = path.join(ROOT, "docs", "performance.md");
const START = "<!-- bench:api:start -->";
const END = "<!-- bench:api:end -->";
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/maintenance`, { headers: { "x-api-key": DEFAULT_API_KEY } });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start within 120 s");
}

async function json(url: string, init: RequestInit): Promise<{ Data: Record<string, string>[] }> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ Data: Record<string, string>[] }>;
}

interface Row {
  call: string;
  result: AutocannonResult;
}

function table(rows: Row[]): string {
  const lines = [
    "| call | requests/s (mean) | latency p99 | latency mean | requests | non-2xx | errors |",
    "|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const { call, result: r } of rows) {
    lines.push(
      `| \`${call}\` | ${Math.round(r.requests.average)} | ${r.latency.p99} ms | ${r.latency.average.toFixed(1)} ms | ${r.requests.total} | ${r.non2xx} | ${r.errors + r.timeouts} |`,
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
    `- Node ${process.version}; load average before the run: ${loadBefore.map((l) => l.toFixed(2)).join(", ")}`,
    `- Server: one process, embedded PGlite (a temporary \`DATA_DIR\`), access log to /dev/null; load generator autocannon in a second process on the same machine, ${CONNECTIONS} connections, ${DURATION} s per call`,
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
  const loadBefore = os.loadavg();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const tokenSecret = randomBytes(32).toString("base64url");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nu-bench-"));
  // Each created lead needs its own e-mail and a customer token for it (the e-mail-code limits
  // would not allow thousands of sign-ins): signed here with the server's TOKEN_SECRET, their
  // sessions written into the database the server then opens.
  const pool: { email: string; token: string }[] = [];
  const run = randomBytes(3).toString("hex");
  {
    const db = await openDb({ url: undefined, dataDir });
    await prepareDatabase(db, "demo", Date.now());
    const secrets = secretsFrom(tokenSecret);
    const sessions = await createSessions(db, Date.now);
    const tokens = createTokens(secrets.tokenKey, sessions, secrets.hmac);
    for (let i = 0; i < 30_000; i++) {
      const email = `bench.${run}.${i}@example.com`;
      pool.push({ email, token: await tokens.customer(email, "nuform") });
    }
    await sessions.close();
    await db.close();
  }
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: "",
      DATA_DIR: dataDir,
      TOKEN_SECRET: tokenSecret,
      SEED: "demo",
    },
    stdio: "ignore",
  });
  try {
    await waitUntilUp(url, child);
    const headers = { "x-api-key": DEFAULT_API_KEY, "content-type": "application/json" };
    const login = await json(`${url}/api/staff/login`, {
      method: "POST",
      headers,
      body: JSON.stringify({ staff_id: "S001", password: "Nu-demo-2026" }),
    });
    const staffToken = login.Data[0].staff_token;

    let next = 0;

    const rows: Row[] = [];
    const bench = async (
      call: string,
      opts: Omit<Parameters<Autocannon>[0], "url" | "connections" | "duration">,
    ) => {
      console.log(`bench ${call} (${DURATION} s, ${CONNECTIONS} connections)…`);
      const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, ...opts });
      rows.push({ call, result });
    };
    await bench("GET /api/hospital_list", { path: "/api/hospital_list", headers });
    await bench("GET /api/lead?id= (staff)", {
      headers,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            method: "GET",
            path: "/api/lead?id=NUDEM00001",
            headers: { ...headers, authorization: `Bearer ${staffToken}` },
          }),
        },
      ],
    });
    await bench("POST /api/lead", {
      headers,
      requests: [
        {
          setupRequest: (req) => {
            const who = pool[next++ % pool.length];
            return {
              ...req,
              method: "POST",
              path: "/api/lead",
              headers: {
                ...headers,
                authorization: `Bearer ${who.token}`,
                "idempotency-key": `bench-${next}`,
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
          },
        },
      ],
    });

    const section = [
      "### API load figures (`npm run bench:api`)",
      "",
      machine(loadBefore),
      "",
      table(rows),
      "",
      `POST /api/lead creates a new lead per request (a new e-mail each time, with an Idempotency-Key); non-2xx there would be leads refused.${next > pool.length ? " The token pool ran out, so later requests were repeats answered 409." : ""}`,
    ].join("\n");
    writeDoc(section);
    console.log(table(rows));
    console.log(`written to ${path.relative(ROOT, DOC)}`);
  } finally {
    child.kill("SIGTERM");
    if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
