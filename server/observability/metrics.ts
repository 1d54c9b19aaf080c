/**
 * The Prometheus metrics of one app (`GET /metrics`, server/routes/operations.ts): a registry of
 * its own, so two apps in one process (tests, a blue/green start) each count only their own.
 * Labels are bounded by construction: method, route template (never the raw path), status, flow,
 * kind, error code, outcome. Never an e-mail, phone, name, id or token.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Db } from "../db/db.ts";

/** What a webhook attempt came to (the worker reports each one). */
export type WebhookOutcome = "delivered" | "failed" | "retry" | "stopped";

export interface Metrics {
  readonly registry: Registry;
  /** One answered request: `route` is the matched route's template (`/api/invoices/:id`). */
  request(method: string, route: string, status: number, seconds: number): void;
  codeSent(flow: string): void;
  codeVerified(flow: string): void;
  leadCreated(flow: string): void;
  redeemed(kind: string): void;
  /** A refused sign-in step, by the error code it answered (`CODE_INVALID`, `STAFF_LOCKED` …). */
  signInRefused(who: "customer" | "staff", reason: string): void;
  webhookDelivery(outcome: WebhookOutcome): void;
  /** One retention run: `anonymised` leads, or `failed`. */
  retentionRun(outcome: "done" | "failed", anonymised?: number): void;
  close(): void;
}

/** Request durations, seconds: from a cached list (~1 ms) to the pool's 5 s wait. */
const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(db: Db): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route template and status",
    labelNames: ["method", "route", "status"] as const,
    registers,
  });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by method and route template",
    labelNames: ["method", "route"] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter<L>({ name, help, labelNames, registers });
  const codesSent = counter(
    "nuforms_codes_sent_total",
    "Sign-in codes created for mailing, by flow (staff: the staff code step)",
    ["flow"],
  );
  const codesVerified = counter("nuforms_codes_verified_total", "Sign-in codes verified, by flow", ["flow"]);
  const leads = counter("nuforms_leads_created_total", "Leads created, by flow", ["flow"]);
  const redemptions = counter("nuforms_redemptions_total", "Gifts redeemed, by kind", ["kind"]);
  const refusals = counter("nuforms_sign_in_refusals_total", "Refused sign-in steps, by who and error code", [
    "who",
    "reason",
  ]);
  const webhooks = counter("nuforms_webhook_deliveries_total", "Webhook delivery attempts, by outcome", [
    "outcome",
  ]);
  const retention = counter("nuforms_retention_runs_total", "Retention runs, by outcome", ["outcome"]);
  const anonymised = counter("nuforms_retention_anonymised_total", "Leads anonymised by retention runs", []);

  // node-postgres' own counts; PGlite is one connection, always held, that queues inside.
  const counts = () => db.pool ?? { totalCount: 1, idleCount: 0, waitingCount: 0 };
  new Gauge({
    name: "nuforms_db_pool_in_use",
    help: "Database connections in use (PGlite: its one connection)",
    registers,
    collect() {
      const c = counts();
      this.set(c.totalCount - c.idleCount);
    },
  });
  new Gauge({
    name: "nuforms_db_pool_waiting",
    help: "Requests waiting for a database connection (PGlite: 0, it queues inside)",
    registers,
    collect() {
      this.set(counts().waitingCount);
    },
  });
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  new Gauge({
    name: "nodejs_eventloop_delay_seconds",
    help: "Event-loop delay since the previous scrape, by quantile",
    labelNames: ["quantile"] as const,
    registers,
    collect() {
      for (const q of [0.5, 0.9, 0.99]) this.set({ quantile: String(q) }, loop.percentile(q * 100) / 1e9);
      this.set({ quantile: "1" }, loop.max / 1e9);
      loop.reset();
    },
  });
  new Gauge({
    name: "process_resident_memory_bytes",
    help: "Resident memory of the server process",
    registers,
    collect() {
      this.set(process.memoryUsage.rss());
    },
  });

  return {
    registry,
    request(method, route, status, seconds) {
      requests.inc({ method, route, status });
      durations.observe({ method, route }, seconds);
    },
    codeSent: (flow) => codesSent.inc({ flow }),
    codeVerified: (flow) => codesVerified.inc({ flow }),
    leadCreated: (flow) => leads.inc({ flow }),
    redeemed: (kind) => redemptions.inc({ kind }),
    signInRefused: (who, reason) => refusals.inc({ who, reason }),
    webhookDelivery: (outcome) => webhooks.inc({ outcome }),
    retentionRun(outcome, count = 0) {
      retention.inc({ outcome });
      if (count > 0) anonymised.inc(count);
    },
    close: () => loop.disable(),
  };
}

/** Counts nothing: production without METRICS_TOKEN (no one could read them). */
export const NO_METRICS: Metrics = {
  registry: new Registry(),
  request() {},
  codeSent() {},
  codeVerified() {},
  leadCreated() {},
  redeemed() {},
  signInRefused() {},
  webhookDelivery() {},
  retentionRun() {},
  close() {},
};
