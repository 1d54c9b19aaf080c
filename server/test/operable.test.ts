/**
 * What an operator reads: /metrics (exact counts after a scripted set of calls, route templates as
 * labels, the token's guard), the OpenAPI document (every /api route in it, valid OpenAPI 3.1, real
 * answers matching their schemas) and the OpenTelemetry spans of one request (request → database).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { InMemorySpanExporter } from "@opentelemetry/sdk-trace-base";
import { Validator } from "@seriousme/openapi-schema-validator";
import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import * as answers from "../http/answers.ts";
import { apiRoutes, docOf } from "../http/openapi.ts";
import { fileServer } from "./fileServer.ts";
import { customerToken, logEntries, newLeadBody, staffToken } from "./harness.ts";

const spans = new InMemorySpanExporter();
const s = fileServer({ traceExporter: spans });

/** The samples of /metrics as `name{labels}` → value. */
async function scrape(headers: Record<string, string> = {}): Promise<Map<string, number>> {
  const res = await fetch(`${s.url}/metrics`, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const samples = new Map<string, number>();
  for (const line of (await res.text()).split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const at = line.lastIndexOf(" ");
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

const delta = (before: Map<string, number>, after: Map<string, number>, key: string) =>
  (after.get(key) ?? 0) - (before.get(key) ?? 0);

describe("GET /metrics", () => {
  it("moves by exactly what was done, with route templates as labels", async () => {
    const staff = await staffToken(s, "S001");
    const before = await scrape();
    // Scripted: two codes sent and one verified (customerToken), one lead, one redemption, one
    // refused staff sign-in, two invoice reads by id (two ids, one label).
    const token = await customerToken(s, "metrics@example.com");
    await s.call("POST", "/api/auth/email/code", {
      body: { email: "metrics2@example.com", flow: "recruitment" },
    });
    const lead = await s.call<{ id: string }>("POST", "/api/lead", {
      token,
      body: newLeadBody("metrics@example.com"),
    });
    expect(lead.status).toBe(200);
    const redeemed = await s.call("POST", "/api/redemptions", {
      token: staff,
      body: { lead_id: lead.body.Data[0].id, kind: "member" },
    });
    expect(redeemed.status).toBe(200);
    const refused = await s.call("POST", "/api/staff/login", {
      body: { staff_id: "S001", password: "Wrong-pass-1" },
    });
    expect(refused.body.Error).toBe("INVALID_CREDENTIALS");
    for (const id of ["6f1c1a52-6ae1-4c1e-9a55-2b3f1c1a5200", "6f1c1a52-6ae1-4c1e-9a55-2b3f1c1a5201"])
      expect((await s.call("GET", `/api/invoices/${id}`, { token: staff })).status).toBe(404);
    const after = await scrape();

    const d = (key: string) => delta(before, after, key);
    expect(d('nuforms_codes_sent_total{flow="nuform"}')).toBe(1);
    expect(d('nuforms_codes_sent_total{flow="recruitment"}')).toBe(1);
    expect(d('nuforms_codes_verified_total{flow="nuform"}')).toBe(1);
    expect(d('nuforms_leads_created_total{flow="nuform"}')).toBe(1);
    expect(d('nuforms_redemptions_total{kind="member"}')).toBe(1);
    expect(d('nuforms_sign_in_refusals_total{who="staff",reason="INVALID_CREDENTIALS"}')).toBe(1);
    expect(d('http_requests_total{method="POST",route="/api/lead",status="200"}')).toBe(1);
    expect(d('http_requests_total{method="POST",route="/api/auth/email/code",status="200"}')).toBe(2);
    expect(d('http_request_duration_seconds_count{method="POST",route="/api/auth/email/code"}')).toBe(2);
    // Two paths with different ids: one label, the template.
    expect(d('http_requests_total{method="GET",route="/api/invoices/:id",status="404"}')).toBe(2);
    expect([...after.keys()].some((k) => k.includes("6f1c1a52"))).toBe(false);
    // The scrape before this one counted once it was answered.
    expect(d('http_requests_total{method="GET",route="/metrics",status="200"}')).toBe(1);
    // The database pool (PGlite: its one connection, always 1) while a transaction holds a
    // connection, and the event loop.
    const held = await s.db.transaction(async (tx) => {
      await tx.query("SELECT 1");
      return scrape();
    });
    expect(held.get("nuforms_db_pool_in_use")).toBeGreaterThanOrEqual(1);
    expect(held.get("nuforms_db_pool_waiting")).toBe(0);
    expect(after.has('nodejs_eventloop_delay_seconds{quantile="0.99"}')).toBe(true);
  });

  it("asks for METRICS_TOKEN where one is set, and is 404 in production without one", async () => {
    const guarded = buildApp({ ...s.deps, config: { ...s.deps.config, metricsToken: "scrape-secret" } });
    expect((await guarded.request("/metrics")).status).toBe(401);
    expect((await guarded.request("/metrics", { headers: { authorization: "Bearer wrong" } })).status).toBe(
      401,
    );
    const ok = await guarded.request("/metrics", { headers: { authorization: "Bearer scrape-secret" } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("http_requests_total");
    const production = buildApp({
      ...s.deps,
      config: { ...s.deps.config, production: true, metricsToken: undefined },
    });
    expect((await production.request("/metrics")).status).toBe(404);
    // Demo mode without a token: open (the scrapes above).
  });
});

describe("GET /api/openapi.json", () => {
  let doc: {
    openapi: string;
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    webhooks: Record<string, unknown>;
  };
  beforeAll(async () => {
    const res = await fetch(`${s.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    doc = await res.json();
  });

  it("holds every /api route of the app", () => {
    const routes = apiRoutes(buildApp(s.deps));
    expect(routes.length).toBeGreaterThan(15);
    const missing = routes
      .filter((r) => !doc.paths[r.path.replace(/:(\w+)/g, "{$1}")]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.path}${docOf(r.handler) ? "" : " (no describe())"}`);
    expect(missing).toEqual([]);
    expect(Object.keys(doc.webhooks).sort()).toEqual(
      ["consent.withdrawn", "lead.created", "lead.erased", "lead.redeemed", "lead.updated"].sort(),
    );
    expect(Object.keys(doc.paths["/api/lead"].post.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "409"]),
    );
  });

  it("is valid OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("describes real answers", async () => {
    const staff = await staffToken(s, "A001");
    const checks: [string, string, v.GenericSchema, Record<string, unknown>?][] = [
      ["GET", "/api/hospital_list", answers.hospitalAnswer],
      ["GET", "/api/clinic_list", answers.clinicAnswer],
      ["GET", "/api/lead?id=NUDEM00001", answers.leadAnswer, { token: staff }],
      ["GET", "/api/staff?staff_id=S001", answers.staffAnswer, { token: staff }],
      ["GET", "/api/maintenance", answers.maintenanceAnswer],
      ["GET", "/api/admin/leads?limit=5", answers.deskLeadAnswer, { token: staff }],
      ["GET", "/api/admin/leads/NUDEM00001", answers.deskLeadDetailAnswer, { token: staff }],
      ["GET", "/api/admin/audit?limit=5", answers.auditAnswer, { token: staff }],
      ["GET", "/api/admin/funnel", answers.funnelDayAnswer, { token: staff }],
      ["GET", "/api/admin/subjects?email=metrics@example.com", answers.subjectAnswer, { token: staff }],
      ["POST", "/api/admin/webhooks/test", answers.webhookTestAnswer, { token: staff }],
    ];
    for (const [method, url, schema, opts] of checks) {
      const res = await s.call(method, url, opts);
      expect(res.status, url).toBe(200);
      expect(res.body.Data.length, url).toBeGreaterThan(0);
      for (const item of res.body.Data) {
        const parsed = v.safeParse(schema, item);
        expect(parsed.issues?.map((i) => `${url}: ${v.getDotPath(i)} ${i.message}`) ?? [], url).toEqual([]);
      }
    }
  });
});

describe("OpenTelemetry", () => {
  it("traces one request: its span, the database statements under it, the trace id in its log line", async () => {
    spans.reset();
    const res = await s.call("GET", "/api/staff?staff_id=S001", { token: await staffToken(s, "S001") });
    expect(res.status).toBe(200);
    const requestSpan = spans.getFinishedSpans().find((sp) => sp.name === "GET /api/staff");
    expect(requestSpan).toBeDefined();
    const traceId = requestSpan?.spanContext().traceId;
    const inTrace = spans.getFinishedSpans().filter((sp) => sp.spanContext().traceId === traceId);
    const dbSpans = inTrace.filter(
      (sp) =>
        sp.attributes["db.system.name"] === "pglite" || sp.attributes["db.system.name"] === "postgresql",
    );
    expect(dbSpans.length).toBeGreaterThan(0);
    // Each database span hangs under the request span (directly or through a transaction).
    const byId = new Map(inTrace.map((sp) => [sp.spanContext().spanId, sp]));
    for (const sp of dbSpans) {
      let parent = sp.parentSpanContext?.spanId;
      while (parent && parent !== requestSpan?.spanContext().spanId)
        parent = byId.get(parent)?.parentSpanContext?.spanId;
      expect(parent).toBe(requestSpan?.spanContext().spanId);
    }
    expect(requestSpan?.attributes["http.route"]).toBe("/api/staff");
    expect(requestSpan?.attributes["http.response.status_code"]).toBe(200);
    const line = logEntries(s).find((e) => e.path === "/api/staff" && e.trace_id === traceId);
    expect(line).toBeDefined();
    // A caller's trace goes on: its trace id, our request span under its span.
    const traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    await s.call("GET", "/api/maintenance", { headers: { traceparent } });
    const continued = spans.getFinishedSpans().find((sp) => sp.name === "GET /api/maintenance");
    expect(continued?.spanContext().traceId).toBe("0af7651916cd43dd8448eb211c80319c");
    expect(continued?.parentSpanContext?.spanId).toBe("b7ad6b7169203331");
  });

  it("loads no OpenTelemetry module when OTEL_EXPORTER_OTLP_ENDPOINT is unset", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nu-otel-"));
    const root = path.resolve(import.meta.dirname, "../..");
    // A resolve hook that refuses any @opentelemetry module: loading one fails the start.
    fs.writeFileSync(
      path.join(dir, "hooks.mjs"),
      'export async function resolve(s, c, next) { if (s.includes("@opentelemetry")) throw new Error("loaded " + s); return next(s, c); }',
    );
    fs.writeFileSync(
      path.join(dir, "register.mjs"),
      `import { register } from "node:module"; register(${JSON.stringify(`file://${dir}/hooks.mjs`)});`,
    );
    const script = `
      await import(${JSON.stringify(`${root}/server/app.ts`)});
      const { startTracing } = await import(${JSON.stringify(`${root}/server/observability/tracing.ts`)});
      console.log("off", (await startTracing({})).enabled);
      await startTracing({ endpoint: "http://127.0.0.1:9" }).catch((e) => console.log("on", e.message));`;
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", "--import", `${dir}/register.mjs`, "--input-type=module", "-e", script],
      {
        cwd: root,
        encoding: "utf8",
        timeout: 20_000,
      },
    );
    fs.rmSync(dir, { recursive: true, force: true });
    expect(run.stderr).toBe("");
    // Off: the whole server's modules and the start of tracing, none of OpenTelemetry's; on: the
    // hook sees the import (so it would have seen one when off).
    expect(run.stdout).toContain("off false");
    expect(run.stdout).toContain("on loaded @opentelemetry/api");
  });
});
