/**
 * Operations (docs/deploy.md): health and readiness, a graceful SIGTERM, slow-body clients,
 * and PostgreSQL connections dropping under load (the last two need TEST_DATABASE_URL for the
 * database part: `npm run test:server:pg`).
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CONNECTIONS_PER_ADDRESS } from "../http/connections.ts";
import { fileServer } from "./fileServer.ts";
import {
  errorEntries,
  freshPostgresDatabase,
  logEntries,
  preparedDataDir,
  startTestServer,
  TEST_DATABASE_URL,
  type TestServer,
} from "./harness.ts";
import { PROCESS_TIMEOUT_MS, spawnMain } from "./support/mainProcess.ts";

describe("health and readiness", () => {
  const s = fileServer({ seed: "none" });

  it("GET /healthz and /readyz answer without a key", async () => {
    const health = await fetch(`${s.url}/healthz`);
    expect([health.status, await health.json()]).toEqual([200, { status: "ok" }]);
    const ready = await fetch(`${s.url}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: "ready" }]);
  });

  it("/readyz fails while a migration of this build is not applied, and recovers", async () => {
    const { rows } = await s.db.query<{ version: number; name: string }>(
      "SELECT version, name FROM schema_migrations ORDER BY version DESC LIMIT 1",
    );
    await s.db.query("DELETE FROM schema_migrations WHERE version = $1", [rows[0].version]);
    const pending = await fetch(`${s.url}/readyz`);
    expect([pending.status, await pending.json()]).toEqual([503, { status: "migrations pending" }]);
    await s.db.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [
      rows[0].version,
      rows[0].name,
    ]);
    expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
  });
});

describe("slow clients", () => {
  it(`2 000 slow-body sockets from one address leave other clients served (at most ${MAX_CONNECTIONS_PER_ADDRESS} kept), and their end is logged as aborted, not 500`, async () => {
    const s = await startTestServer({ seed: "none" });
    const sockets: net.Socket[] = [];
    try {
      const { port } = new URL(s.url);
      // The attacker's address: another loopback address than the test client's 127.0.0.1.
      await Promise.all(
        Array.from(
          { length: 2000 },
          () =>
            new Promise<void>((resolve) => {
              const socket = net.connect(
                { host: "127.0.0.1", port: Number(port), localAddress: "127.0.0.2" },
                () => {
                  socket.write(
                    "POST /api/auth/email/code HTTP/1.1\r\nHost: x\r\nx-api-key: nu-forms-dev-key\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{",
                  );
                  resolve();
                },
              );
              socket.on("error", () => resolve());
              socket.on("close", () => resolve());
              sockets.push(socket);
            }),
        ),
      );
      // 20 new clients, all served.
      const served = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${s.url}/api/hospital_list?type=Public`, {
            headers: { "x-api-key": "nu-forms-dev-key" },
          }).then((res) => res.status),
        ),
      );
      expect(served).toEqual(Array(20).fill(200));
      // The server cut every connection over the cap: it holds at most the cap from 127.0.0.2,
      // plus the 20 new clients' keep-alive connections from 127.0.0.1.
      expect(await s.openConnections()).toBeLessThanOrEqual(MAX_CONNECTIONS_PER_ADDRESS + 20);
      expect(await s.openConnections()).toBeGreaterThan(0);
      const closed = Promise.all(
        sockets.map((sk) => new Promise((r) => (sk.closed ? r(null) : sk.once("close", r)))),
      );
      for (const sk of sockets) sk.destroy();
      await closed;
      // The server notices the aborted bodies (its handlers fail reading them).
      const deadline = Date.now() + 10_000;
      const aborted = () =>
        logEntries(s).filter((e) => e.aborted && e.method === "POST" && e.path === "/api/auth/email/code");
      while (aborted().length === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(aborted().length).toBeGreaterThan(0);
      expect(errorEntries(s)).toEqual([]);
    } finally {
      for (const sk of sockets) sk.destroy();
      await s.stop();
    }
  }, 180_000);
});

describe("the server/main.ts process and SIGTERM", { timeout: PROCESS_TIMEOUT_MS }, () => {
  const dataDirs: string[] = [];
  afterAll(() => {
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("says it is the demo and listens; on SIGTERM stops accepting, lets the request in flight finish, then exits 0", async () => {
    // Embedded PGlite in DATA_DIR, a copy of a migrated folder: the process opens it, no initdb.
    const dataDir = await preparedDataDir(fs.mkdtempSync(path.join(os.tmpdir(), "nu-sigterm-")));
    dataDirs.push(dataDir);
    const child = spawnMain({ DATA_DIR: dataDir, SEED: "none" });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    const url = await child.listening();
    expect(child.output().split("\n")[0]).toMatch(/DEMO MODE/);
    expect((await fetch(new URL("/healthz", url))).status).toBe(200);
    const body = JSON.stringify({ email: "sigterm@example.com", flow: "nuform" });
    const socket = net.connect({ host: url.hostname, port: Number(url.port) });
    let answer = "";
    socket.on("data", (d) => {
      answer += d;
    });
    // Expect: 100-continue: the server's "100 Continue" proves it is handling the request.
    socket.write(
      `POST /api/auth/email/code HTTP/1.1\r\nHost: ${url.host}\r\nx-api-key: nu-forms-dev-key\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await new Promise<void>((resolve) => {
      const check = () => (answer.includes("100 Continue") ? resolve() : socket.once("data", check));
      check();
    });
    child.kill("SIGTERM");
    await new Promise<void>((resolve) => {
      const check = () =>
        child.output().includes("SIGTERM: stopping") ? resolve() : child.stdout.once("data", check);
      check();
    });
    // No new connections once stopping …
    const refused = await fetch(`${url.origin}/healthz`).then(
      () => false,
      () => true,
    );
    expect(refused).toBe(true);
    // … while the request in flight completes.
    socket.write(body);
    await new Promise((resolve) => socket.once("end", resolve));
    expect(answer).toMatch(/HTTP\/1\.1 200 OK/);
    expect(answer).toContain('"expires_in":600');
    expect(await exited).toBe(0);
  }, 60_000);
});

describe.skipIf(!TEST_DATABASE_URL)("PostgreSQL going away (skipped without TEST_DATABASE_URL)", () => {
  let s: TestServer;
  let admin: pg.Client;
  let dbName: string;
  beforeAll(async () => {
    s = await startTestServer();
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    dbName = (await s.db.query<{ d: string }>("SELECT current_database() AS d")).rows[0].d;
  });
  afterAll(async () => {
    await admin?.end();
    await s?.stop();
  });
  const terminateAll = () =>
    admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
      [dbName],
    );

  it("pg_terminate_backend during load: the process keeps running, answers 503 or 200, and recovers", async () => {
    // 50 code requests: under one address's free line of 60 an hour (past it the answer is 428).
    const load = Array.from({ length: 200 }, (_, i) =>
      i % 4
        ? s.call("GET", "/api/hospital_list?type=Private")
        : s.call("POST", "/api/auth/email/code", { body: { email: `load${i}@example.com`, flow: "nuform" } }),
    );
    for (let i = 0; i < 5; i++) {
      await terminateAll();
      await new Promise((r) => setImmediate(r));
    }
    const results = await Promise.all(load);
    expect(results.every((r) => r.status === 200 || r.status === 503)).toBe(true);
    for (const r of results.filter((x) => x.status === 503)) expect(r.body.Error).toBe("SERVICE_UNAVAILABLE");
    expect(errorEntries(s)).toEqual([]);
    expect((await s.call("GET", "/api/hospital_list?type=Public")).status).toBe(200);
  }, 60_000);

  it("/readyz fails while the database is unreachable and recovers when it is back", async () => {
    // The server reaches PostgreSQL through a TCP relay this test can cut and restore, as a
    // database host going down and coming back looks to it.
    const fresh = await freshPostgresDatabase();
    const target = new URL(fresh.url);
    const links = new Set<net.Socket>();
    const relay = net.createServer((inbound) => {
      const outbound = net.connect({ host: target.hostname, port: Number(target.port) });
      for (const [a, b] of [
        [inbound, outbound],
        [outbound, inbound],
      ]) {
        a.pipe(b);
        a.on("error", () => b.destroy());
        a.on("close", () => b.destroy());
        links.add(a);
        a.once("close", () => links.delete(a));
      }
    });
    const listen = (port: number) => new Promise<void>((resolve) => relay.listen(port, "127.0.0.1", resolve));
    await listen(0);
    const relayPort = (relay.address() as net.AddressInfo).port;
    const viaRelay = new URL(fresh.url);
    viaRelay.host = `127.0.0.1:${relayPort}`;
    const r = await startTestServer({ postgresUrl: viaRelay.toString() });
    try {
      expect((await fetch(`${r.url}/readyz`)).status).toBe(200);
      await new Promise<void>((resolve) => {
        relay.close(() => resolve());
        for (const link of links) link.destroy();
      });
      const down = await fetch(`${r.url}/readyz`);
      expect(down.status).toBe(503);
      const api = await r.call("GET", "/api/hospital_list?type=Public");
      expect([api.status, api.body.Error]).toEqual([503, "SERVICE_UNAVAILABLE"]);
      expect(api.headers.get("retry-after")).not.toBeNull();
      expect((await fetch(`${r.url}/healthz`)).status).toBe(200);
      await listen(relayPort);
      expect((await fetch(`${r.url}/readyz`)).status).toBe(200);
      expect((await r.call("GET", "/api/hospital_list?type=Public")).status).toBe(200);
    } finally {
      await r.stop();
      relay.close();
      for (const link of links) link.destroy();
      await fresh.drop();
    }
  }, 60_000);
});
