/**
 * Webhooks against real receivers on 127.0.0.1 (loopback http is allowed outside production):
 * signatures verify with the `standardwebhooks` package (and with docs/webhooks.md's receiver,
 * run as written), retries keep one webhook-id and follow the back-off and Retry-After on the
 * app's clock (the worker is driven by `runOnce`, no sleeps), 410 stops an endpoint, a dead
 * receiver does not slow POST /api/lead, a refused redemption sends nothing, production refuses
 * inner addresses. On PostgreSQL also: two instances deliver each event once, and a server killed
 * mid-send (kill -9) has its delivery sent again, once, after a restart.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, configFromEnv } from "../config.ts";
import { EVENT_DATA, eventBodySchema, type PublicEventType } from "../services/eventSchemas.ts";
import { emitEvent } from "../services/events.ts";
import { checkedLookup, isPublicAddress, postSigned } from "../services/webhooks/send.ts";
import { LEASE_MS } from "../services/webhooks/worker.ts";
import {
  customerToken,
  freshPostgresDatabase,
  newLeadBody,
  staffToken,
  startTestServer,
  TEST_DATABASE_URL,
  type TestServer,
} from "./harness.ts";
import { PROCESS_TIMEOUT_MS, spawnMain } from "./support/mainProcess.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const secret = (fill: number) => `whsec_${Buffer.alloc(32, fill).toString("base64")}`;
const NEW_SECRET = secret(7);
const OLD_SECRET = secret(9);

interface Received {
  headers: Record<string, string>;
  body: string;
  status: number;
}

type Answer = { status: number; headers?: Record<string, string>; body?: string } | "hang";

/** A receiver on 127.0.0.1: answers each request as `answer` says (default 200), records it. */
async function receiver() {
  const received: Received[] = [];
  let answer: (n: number) => Answer = () => ({ status: 200 });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const reply = answer(received.length);
      const entry = {
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString("utf8"),
        status: reply === "hang" ? 0 : reply.status,
      };
      received.push(entry);
      if (reply === "hang") return;
      res.writeHead(reply.status, reply.headers).end(reply.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    ids: () => received.map((r) => r.headers["webhook-id"]),
    of: (type: string) => received.filter((r) => JSON.parse(r.body).type === type),
    answer(next: (n: number) => Answer) {
      answer = next;
    },
    /** Cuts requests left hanging (their attempts end as connection errors). */
    release: () => server.closeAllConnections(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** docs/webhooks.md's receiver, run as written in a process of its own. */
async function docsReceiver(webhookSecret: string) {
  const doc = fs.readFileSync(path.join(ROOT, "docs/webhooks.md"), "utf8");
  const code = /## Receiving them[\s\S]*?```js\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!code) throw new Error("no js block under 'Receiving them' in docs/webhooks.md");
  // Inside node_modules, so that `standardwebhooks` resolves as it would in a receiver's project.
  const dir = fs.mkdtempSync(path.join(ROOT, "node_modules", ".webhooks-doc-"));
  fs.writeFileSync(path.join(dir, "receiver.mjs"), code);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(dir, "receiver.mjs")], {
    env: { PATH: process.env.PATH ?? "", WEBHOOK_SECRET: webhookSecret, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  // Up once it answers (a GET without signature: 400).
  // Polled (it runs in beforeAll, where expect.poll cannot), for at most 10 s.
  for (const deadline = Date.now() + 10_000; ; ) {
    const up = await fetch(`http://127.0.0.1:${port}/`, { method: "POST", body: "{}" }).then(
      (r) => r.status,
      () => 0,
    );
    if (up === 400) break;
    if (Date.now() > deadline) throw new Error(`the receiver did not start (last status ${up})`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}/`,
    output: () => out,
    close() {
      child.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const waited = (d: { next_at: string | null; last_at: string | null }) =>
  Date.parse(d.next_at as string) - Date.parse(d.last_at as string);

async function newLead(s: TestServer, email: string): Promise<string> {
  const token = await customerToken(s, email);
  const res = await s.call<{ id: string }>("POST", "/api/lead", { body: newLeadBody(email), token });
  expect(res.status).toBe(200);
  return res.body.Data[0].id;
}

interface DeliveryAnswer {
  id: number;
  event_id: string;
  type: string;
  endpoint: string;
  state: string;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  last_duration_ms: number | null;
  last_at: string | null;
  next_at: string | null;
}

describe("webhooks", () => {
  let s: TestServer;
  let r: Awaited<ReturnType<typeof receiver>>;
  let doc: Awaited<ReturnType<typeof docsReceiver>>;
  let admin: string;

  beforeAll(async () => {
    r = await receiver();
    // docs/webhooks.md's receiver holds only the old secret: rotation keeps it verifying.
    doc = await docsReceiver(OLD_SECRET);
    s = await startTestServer({ webhookUrls: [r.url, doc.url], webhookSecrets: [NEW_SECRET, OLD_SECRET] });
    admin = await staffToken(s, "A001");
  });

  afterAll(async () => {
    await s?.stop();
    await r?.close();
    doc?.close();
  });

  const deliveries = async (eventId: string) => {
    const res = await s.call<DeliveryAnswer>("GET", "/api/admin/webhooks/deliveries?limit=200", {
      token: admin,
    });
    expect(res.status).toBe(200);
    return res.body.Data.filter((d) => d.event_id === eventId);
  };
  const toReceiver = async (eventId: string) => {
    const [row] = (await deliveries(eventId)).filter((d) => d.endpoint === r.url);
    return row;
  };

  it("lead.created is signed per Standard Webhooks with both secrets while rotating; the docs' receiver verifies it", async () => {
    const leadId = await newLead(s, "hook.created@example.com");
    await s.deps.webhooks.runOnce();
    const [sent] = r.of("lead.created");
    expect(sent).toBeDefined();
    for (const key of [NEW_SECRET, OLD_SECRET]) {
      const event = new Webhook(key).verify(sent.body, sent.headers) as {
        type: string;
        data: { lead_id: string; lead: { email: string } };
      };
      expect(event.type).toBe("lead.created");
      expect(event.data.lead_id).toBe(leadId);
      expect(event.data.lead.email).toBe("hook.created@example.com");
    }
    expect(() => new Webhook(secret(3)).verify(sent.body, sent.headers)).toThrow();
    expect(sent.headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(sent.body).not.toMatch(/token|"code"/i);
    const { rows } = await s.db.query<{ id: string }>(
      "SELECT id FROM webhook_events WHERE type = 'lead.created'",
    );
    expect(rows.map((row) => row.id)).toEqual([sent.headers["webhook-id"]]);
    expect(doc.output()).toContain(`verified ${sent.headers["webhook-id"]} lead.created`);
  });

  it("500 then 200: two attempts with one webhook-id, the second after the back-off; the test event is audited", async () => {
    const before = r.received.length;
    const counted = async () =>
      Object.fromEntries(
        (
          (await s.deps.metrics.registry.getSingleMetric("nuforms_webhook_deliveries_total")?.get())
            ?.values ?? []
        ).map((m) => [m.labels.outcome, m.value]),
      );
    const countedBefore = await counted();
    r.answer((n) => ({
      status: n === before ? 500 : 200,
      body: "down for maintenance, mail ops@crm.example",
    }));
    const test = await s.call<{ event_id: string }>("POST", "/api/admin/webhooks/test", { token: admin });
    expect(test.status).toBe(200);
    const eventId = test.body.Data[0].event_id;
    await s.deps.webhooks.runOnce();
    expect(r.ids().slice(before)).toEqual([eventId]);
    const first = await toReceiver(eventId);
    expect(first).toMatchObject({ type: "webhook.test", state: "pending", attempts: 1, last_status: 500 });
    expect(first.last_error).toBe("down for maintenance, mail [email]");
    // The wait counts from the answer; last_at is when the attempt began.
    expect(waited(first)).toBeGreaterThanOrEqual(5_000);
    expect(waited(first)).toBeLessThan(6_000);
    // Not due yet: nothing is sent.
    await s.deps.webhooks.runOnce();
    expect(r.received.length).toBe(before + 1);
    s.clock.advance(5_000);
    await s.deps.webhooks.runOnce();
    expect(r.ids().slice(before)).toEqual([eventId, eventId]);
    expect(await toReceiver(eventId)).toMatchObject({
      state: "delivered",
      attempts: 2,
      last_status: 200,
      next_at: null,
    });
    const audit = await s.db.query<{ actor: string; target: string }>(
      "SELECT actor, target FROM audit_log WHERE action = 'webhook.test'",
    );
    expect(audit.rows).toEqual([{ actor: "A001", target: eventId }]);
    // Each attempt counted by its outcome: the 500 a retry; the docs' receiver and the second try delivered.
    const countedAfter = await counted();
    expect((countedAfter.retry ?? 0) - (countedBefore.retry ?? 0)).toBe(1);
    expect((countedAfter.delivered ?? 0) - (countedBefore.delivered ?? 0)).toBe(2);
  });

  it("429 with Retry-After is waited for, not the back-off", async () => {
    const before = r.received.length;
    r.answer((n) => (n === before ? { status: 429, headers: { "Retry-After": "90" } } : { status: 200 }));
    const eventId = (await s.call<{ event_id: string }>("POST", "/api/admin/webhooks/test", { token: admin }))
      .body.Data[0].event_id;
    await s.deps.webhooks.runOnce();
    const first = await toReceiver(eventId);
    expect(first).toMatchObject({ state: "pending", last_status: 429 });
    expect(waited(first)).toBeGreaterThanOrEqual(90_000);
    expect(waited(first)).toBeLessThan(91_000);
    s.clock.advance(60_000);
    await s.deps.webhooks.runOnce();
    expect(r.received.length).toBe(before + 1);
    s.clock.advance(30_000);
    await s.deps.webhooks.runOnce();
    expect(r.ids().slice(before)).toEqual([eventId, eventId]);
    expect((await toReceiver(eventId)).state).toBe("delivered");
  });

  it("410 stops the endpoint (later events too) until an admin retries; the retry is audited", async () => {
    const before = r.received.length;
    r.answer(() => ({ status: 410 }));
    const test = async () =>
      (await s.call<{ event_id: string }>("POST", "/api/admin/webhooks/test", { token: admin })).body.Data[0]
        .event_id;
    const gone = await test();
    await s.deps.webhooks.runOnce();
    expect((await toReceiver(gone)).state).toBe("stopped");
    const later = await test();
    await s.deps.webhooks.runOnce();
    expect(r.received.length).toBe(before + 1);
    const stopped = await toReceiver(later);
    expect(stopped).toMatchObject({ state: "stopped", attempts: 0 });
    // The other endpoint (the docs' receiver) still got it.
    expect((await deliveries(later)).find((d) => d.endpoint === doc.url)?.state).toBe("delivered");
    r.answer(() => ({ status: 200 }));
    const retry = await s.call<DeliveryAnswer>("POST", `/api/admin/webhooks/deliveries/${stopped.id}/retry`, {
      token: admin,
    });
    expect(retry.status).toBe(200);
    expect(retry.body.Data[0]).toMatchObject({ id: stopped.id, state: "pending" });
    await s.deps.webhooks.runOnce();
    expect(r.ids().slice(before)).toEqual([gone, later]);
    expect((await toReceiver(later)).state).toBe("delivered");
    const audit = await s.db.query<{ target: string }>(
      "SELECT target FROM audit_log WHERE action = 'webhook.retry'",
    );
    expect(audit.rows).toEqual([{ target: String(stopped.id) }]);
  });

  it("a receiver that never answers does not slow POST /api/lead", async () => {
    const tokens = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) => customerToken(s, `hook.speed${i}@example.com`)),
    );
    const timed = async (from: number) => {
      const started = performance.now();
      for (const i of [from, from + 1, from + 2]) {
        const email = `hook.speed${i}@example.com`;
        const res = await s.call("POST", "/api/lead", { body: newLeadBody(email), token: tokens[i] });
        expect(res.status).toBe(200);
        // The worker is sending meanwhile (woken by the lead): let it get the request out.
        await new Promise((resolve) => setImmediate(resolve));
      }
      return (performance.now() - started) / 3;
    };
    const answering = await timed(0);
    const before = r.received.length;
    r.answer(() => "hang");
    const hanging = await timed(3);
    // The attempts were made and are still waiting (up to 5 s each) while the leads were answered.
    await expect.poll(() => r.received.length - before).toBeGreaterThan(0);
    expect(hanging).toBeLessThan(Math.max(3 * answering, answering + 250));
    r.answer(() => ({ status: 200 }));
    r.release();
    await s.deps.webhooks.runOnce();
    s.clock.advance(5_000);
    await s.deps.webhooks.runOnce();
    expect(new Set(r.of("lead.created").map((e) => JSON.parse(e.body).data.lead.email))).toContain(
      "hook.speed5@example.com",
    );
  });

  it("lead.updated names the fields and who; a redemption refused as already done writes and sends nothing; every event type matches its schema", async () => {
    const leadId = await newLead(s, "hook.redeem@example.com");
    const staff = await staffToken(s, "S001");
    const patch = await s.call("PATCH", "/api/lead", {
      body: { id: leadId, first_name: "小明" },
      token: staff,
    });
    expect(patch.status).toBe(200);
    const redeem = () =>
      s.call("POST", "/api/redemptions", {
        body: { lead_id: leadId, kind: "member", note: "Ms Chan" },
        token: staff,
      });
    expect((await redeem()).status).toBe(200);
    expect((await redeem()).status).toBe(409);
    await s.deps.webhooks.runOnce();
    const events = await s.db.query<{ type: string }>(
      "SELECT type FROM webhook_events WHERE payload -> 'data' ->> 'lead_id' = $1 ORDER BY created_at",
      [leadId],
    );
    expect(events.rows.map((e) => e.type)).toEqual(["lead.created", "lead.updated", "lead.redeemed"]);
    const updated = r.of("lead.updated").map((e) => JSON.parse(e.body).data);
    expect(updated).toEqual([
      expect.objectContaining({ lead_id: leadId, fields: ["first_name"], by: "S001" }),
    ]);
    expect(updated[0].lead.first_name).toBe("小明");
    const redeemed = r.of("lead.redeemed").map((e) => JSON.parse(e.body).data);
    expect(redeemed).toEqual([
      { lead_id: leadId, kind: "member", staff_id: "S001", redeemed_at: expect.any(String) },
    ]);

    // A withdrawal and an erasure: then every public event type, as delivered, is what its schema
    // (and so the OpenAPI document's `webhooks`) says.
    const email = "hook.consent@example.com";
    const consenting = await s.call<{ id: string }>("POST", "/api/lead", {
      token: await customerToken(s, email),
      body: { ...newLeadBody(email), consents: { terms: true, privacy: true, marketing: true } },
    });
    expect(consenting.status).toBe(200);
    const withdrawn = await s.call("POST", `/api/admin/leads/${consenting.body.Data[0].id}/marketing`, {
      token: admin,
      body: { given: false },
    });
    expect(withdrawn.status).toBe(200);
    expect(
      (await s.call("POST", "/api/admin/subjects/erase", { token: admin, body: { email } })).status,
    ).toBe(200);
    await s.deps.webhooks.runOnce();
    for (const type of Object.keys(EVENT_DATA) as PublicEventType[]) {
      const bodies = r.of(type).map((e) => JSON.parse(e.body));
      expect(bodies.length, type).toBeGreaterThan(0);
      for (const body of bodies) {
        const parsed = v.safeParse(eventBodySchema(type), body);
        expect(parsed.issues?.map((i) => `${type}: ${v.getDotPath(i)} ${i.message}`) ?? [], type).toEqual([]);
      }
    }
    expect(r.of("lead.erased").map((e) => JSON.parse(e.body).data)).toContainEqual({
      lead_id: consenting.body.Data[0].id,
      reason: "request",
    });
  });

  it("the log is for admins; a bad cursor, limit or id is named", async () => {
    expect((await s.call("GET", "/api/admin/webhooks/deliveries")).status).toBe(401);
    const staff = await staffToken(s, "S001");
    expect((await s.call("GET", "/api/admin/webhooks/deliveries", { token: staff })).status).toBe(403);
    expect((await s.call("POST", "/api/admin/webhooks/test", { token: staff })).status).toBe(403);
    for (const [query, field] of [
      ["limit=0", "limit"],
      ["limit=201", "limit"],
      ["cursor=abc", "cursor"],
    ]) {
      const res = await s.call("GET", `/api/admin/webhooks/deliveries?${query}`, { token: admin });
      expect([res.status, res.body.Field]).toEqual([400, field]);
    }
    const bad = await s.call("POST", "/api/admin/webhooks/deliveries/x1/retry", { token: admin });
    expect([bad.status, bad.body.Field]).toEqual([400, "id"]);
    expect(
      (await s.call("POST", "/api/admin/webhooks/deliveries/999999/retry", { token: admin })).status,
    ).toBe(404);
    const first = await s.call<DeliveryAnswer>("GET", "/api/admin/webhooks/deliveries?limit=2", {
      token: admin,
    });
    const next = (first.body as unknown as { next_cursor: string }).next_cursor;
    const second = await s.call<DeliveryAnswer>(
      `GET`,
      `/api/admin/webhooks/deliveries?limit=2&cursor=${next}`,
      {
        token: admin,
      },
    );
    expect(second.body.Data[0].id).toBeLessThan(first.body.Data[1].id);
  });

  it("production refuses http:// endpoints and names that resolve to inner addresses", async () => {
    expect(() =>
      configFromEnv({
        NODE_ENV: "production",
        WEBHOOK_URLS: "http://127.0.0.1:9/hook",
        WEBHOOK_SECRET: NEW_SECRET,
      }),
    ).toThrow(/WEBHOOK_URLS: http:\/\/127\.0\.0\.1:9\/hook must use https:\/\//);
    expect(() => configFromEnv({ WEBHOOK_URLS: "https://crm.example.com/h" })).toThrow(ConfigError);
    expect(() =>
      configFromEnv({ WEBHOOK_URLS: "https://crm.example.com/h", WEBHOOK_SECRET: "whsec_c2hvcnQ=" }),
    ).toThrow(/WEBHOOK_SECRET must hold 24 to 64 random bytes/);
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:10.0.0.1",
      "100.64.0.1",
    ])
      expect(isPublicAddress(address), address).toBe(false);
    expect(isPublicAddress("8.8.8.8")).toBe(true);
    const agents = { http: new http.Agent(), https: new (await import("node:https")).Agent() };
    const message = { id: "msg_x", timestamp: new Date(), body: "{}" };
    const send = (url: string, lookup?: ReturnType<typeof checkedLookup>) =>
      postSigned(url, message, {
        production: true,
        secrets: [NEW_SECRET],
        signal: new AbortController().signal,
        agents,
        lookup,
      });
    const before = r.received.length;
    const port = new URL(r.url).port;
    // localhost resolves to loopback; a name whose addresses include a private one is refused whole.
    for (const result of [
      await send(`https://127.0.0.1:${port}/hook`),
      await send(`https://localhost:${port}/hook`),
      await send(
        "https://crm.example.com/hook",
        checkedLookup(async () => [
          { address: "93.184.215.14", family: 4 },
          { address: "10.0.0.8", family: 4 },
        ]),
      ),
    ])
      expect(result).toMatchObject({ kind: "error", reason: "address" });
    expect(r.received.length).toBe(before);
  });
});

describe.skipIf(!TEST_DATABASE_URL)(
  "webhooks with several instances on one PostgreSQL",
  { timeout: PROCESS_TIMEOUT_MS },
  () => {
    let r: Awaited<ReturnType<typeof receiver>>;
    const stops: (() => Promise<unknown> | unknown)[] = [];
    beforeAll(async () => {
      r = await receiver();
    });
    afterAll(async () => {
      for (const stop of stops.reverse()) await stop();
      await r?.close();
    });

    it("two instances deliver each event once", async () => {
      const fresh = await freshPostgresDatabase();
      const config = { postgresUrl: fresh.url, webhookUrls: [r.url], webhookSecrets: [NEW_SECRET] };
      const [a, b] = await Promise.all([startTestServer(config), startTestServer(config)]);
      stops.push(
        fresh.drop,
        () => a.stop(),
        () => b.stop(),
      );
      const ids = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          emitEvent(i % 2 ? a.db : b.db, "webhook.test", { n: i }, a.clock.now()),
        ),
      );
      await Promise.all([a.deps.webhooks.runOnce(), b.deps.webhooks.runOnce(), a.deps.webhooks.runOnce()]);
      await Promise.all([a.deps.webhooks.runOnce(), b.deps.webhooks.runOnce()]);
      expect(r.ids().sort()).toEqual([...ids].sort());
      const { rows } = await a.db.query<{ state: string; attempts: number }>(
        "SELECT DISTINCT state, attempts FROM webhook_deliveries",
      );
      expect(rows).toEqual([{ state: "delivered", attempts: 1 }]);
    });

    it("killed (-9) mid-send, then restarted: the event is sent again after the lease, and delivered once", async () => {
      r.received.length = 0;
      r.answer((n) => (n === 0 ? "hang" : { status: 200 }));
      const fresh = await freshPostgresDatabase();
      stops.push(fresh.drop);
      const child = spawnMain({
        DATABASE_URL: fresh.url,
        SEED: "none",
        WEBHOOK_URLS: r.url,
        WEBHOOK_SECRET: NEW_SECRET,
      });
      const exited = new Promise((resolve) => child.once("exit", resolve));
      stops.push(() => child.kill("SIGKILL"));
      await child.listening();
      // Another instance writes the event; the child hears its NOTIFY and sends it.
      const writer = await startTestServer({ postgresUrl: fresh.url });
      stops.push(() => writer.stop());
      const eventId = await emitEvent(writer.db, "webhook.test", { crash: true }, Date.now());
      await expect.poll(() => r.received.length, { timeout: 20_000 }).toBe(1);
      child.kill("SIGKILL");
      await exited;
      const restarted = await startTestServer({
        postgresUrl: fresh.url,
        webhookUrls: [r.url],
        webhookSecrets: [NEW_SECRET],
      });
      stops.push(() => restarted.stop());
      await restarted.deps.webhooks.runOnce();
      expect(r.received.length).toBe(1);
      restarted.clock.advance(LEASE_MS);
      await restarted.deps.webhooks.runOnce();
      expect(r.ids()).toEqual([eventId, eventId]);
      expect(r.received.filter((x) => x.status === 200)).toHaveLength(1);
      const { rows } = await restarted.db.query<{ state: string; attempts: number }>(
        "SELECT state, attempts FROM webhook_deliveries WHERE event_id = $1",
        [eventId],
      );
      expect(rows).toEqual([{ state: "delivered", attempts: 2 }]);
    });
  },
);
