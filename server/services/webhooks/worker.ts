/**
 * The delivery worker: runs off the request path on every instance that has WEBHOOK_URLS. It wakes
 * on the NOTIFY of a new event (migration 016, after its commit, on every instance), when this
 * instance writes one, and on a short poll for retries falling due. Each pass fans new events out
 * into one delivery per endpoint (no row lock: two instances fanning out the same event insert
 * its deliveries once, ON CONFLICT DO NOTHING; a lock there cost PGlite 40 ms a pass), then each
 * endpoint's lane sends what is due, a few at a time; a slow or dead endpoint only holds up its
 * own lane. A delivery is claimed with FOR UPDATE SKIP LOCKED and leased (next_at moved ahead) in the
 * same statement, so one instance sends it at a time, and one whose sender died is sent again once
 * the lease ends: at least once, with the same webhook-id.
 */
import http from "node:http";
import https from "node:https";
import type net from "node:net";
import type { ServerConfig } from "../../config.ts";
import type { Db } from "../../db/db.ts";
import type { Logger } from "../../log.ts";
import type { Metrics } from "../../observability/metrics.ts";
import { type AttemptResult, decideOutcome } from "./outcome.ts";
import { ATTEMPT_TIMEOUT_MS, postSigned } from "./send.ts";

export const WEBHOOKS_CHANNEL = "nu_forms_webhooks";
/** Deliveries one endpoint gets at once from one instance. */
export const LANE_CONCURRENCY = 4;
/** Deliveries one claim takes for a lane: sent LANE_CONCURRENCY at a time, settled together. */
const CLAIM_BATCH = 16;
/** How long a claimed delivery is someone's: well over a whole batch's time-outs. */
export const LEASE_MS = 12 * ATTEMPT_TIMEOUT_MS;
const POLL_MS = 3_000;
/** How long a wake waits for more events to join its pass. */
const WAKE_DELAY_MS = 100;
const FAN_OUT_BATCH = 500;
/** Events older than this when first seen (written while webhooks were off) are not sent. */
const FAN_OUT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface Webhooks {
  /** Whether any endpoint is configured. */
  readonly enabled: boolean;
  /** Asks for a pass soon (never waits, never throws). */
  wake(): void;
  /** A whole pass begun after this call: fan-out, then every lane until nothing is due. */
  runOnce(): Promise<void>;
  close(): Promise<void>;
}

export interface WebhookOptions {
  db: Db;
  config: Pick<ServerConfig, "webhookUrls" | "webhookSecrets" | "production">;
  now: () => number;
  logger: Logger;
  /** Name resolution of the SSRF check (tests); default the system's. */
  lookup?: net.LookupFunction;
  /** Counts each attempt's outcome (`webhook_deliveries_total`). */
  metrics: Pick<Metrics, "webhookDelivery">;
}

/**
 * Runs `work` one pass at a time. A wake starts a pass `delayMs` later, so the wakes of a burst of
 * events share one pass (one fan-out, one claim per few deliveries); a wake during a pass asks
 * for one more after it. `runOnce` starts at once.
 */
function serial(work: () => Promise<void>, onError: (error: unknown) => void, delayMs: number) {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let again = false;
  const loop = async () => {
    do {
      again = false;
      await work().catch(onError);
    } while (again);
  };
  const start = () => {
    clearTimeout(timer);
    timer = undefined;
    if (running) {
      again = true;
      return;
    }
    running = loop().finally(() => {
      running = undefined;
    });
  };
  return {
    wake() {
      if (running) again = true;
      else if (timer === undefined) {
        timer = setTimeout(start, delayMs);
        timer.unref();
      }
    },
    async runOnce() {
      start();
      while (running) await running;
    },
    idle() {
      clearTimeout(timer);
      return running ?? Promise.resolve();
    },
  };
}

/** The endpoint as logs show it: scheme, host and path, no query (it may hold the receiver's token). */
export function shownEndpoint(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    return `${url.protocol}//${url.host}${url.pathname}${url.search ? "?…" : ""}`;
  } catch {
    return "(invalid URL)";
  }
}

export async function createWebhooks(opts: WebhookOptions): Promise<Webhooks> {
  const { db, config, now, logger } = opts;
  if (config.webhookUrls.length === 0) {
    return { enabled: false, wake() {}, runOnce: async () => {}, close: async () => {} };
  }
  const aborter = new AbortController();
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: LANE_CONCURRENCY }),
    https: new https.Agent({ keepAlive: true, maxSockets: LANE_CONCURRENCY }),
  };
  let closed = false;
  const failed = (what: string) => (error: unknown) => {
    if (!closed) logger.error(`webhooks: ${what} failed (${(error as Error).name})`);
  };

  async function fanOut(): Promise<void> {
    const at = new Date(now());
    const { rowCount } = await db.query(
      `WITH todo AS (SELECT id, created_at FROM webhook_events WHERE fanned_out_at IS NULL
                     ORDER BY created_at LIMIT ${FAN_OUT_BATCH}),
            marked AS (UPDATE webhook_events e SET fanned_out_at = $2 FROM todo WHERE e.id = todo.id)
       INSERT INTO webhook_deliveries (event_id, endpoint, state, next_at, window_from, created_at)
       SELECT todo.id, u.endpoint, CASE WHEN s.endpoint IS NULL THEN 'pending' ELSE 'stopped' END,
              CASE WHEN s.endpoint IS NULL THEN $2::timestamptz END, $2, $2
       FROM todo CROSS JOIN unnest($1::text[]) AS u(endpoint)
       LEFT JOIN webhook_endpoints_stopped s ON s.endpoint = u.endpoint
       WHERE todo.created_at > $3
       ORDER BY todo.created_at
       ON CONFLICT (event_id, endpoint) DO NOTHING`,
      [config.webhookUrls, at.toISOString(), new Date(at.getTime() - FAN_OUT_MAX_AGE_MS).toISOString()],
    );
    if (rowCount >= FAN_OUT_BATCH) fanner.wake();
    for (const lane of lanes.values()) lane.wake();
  }

  interface Claimed {
    id: string;
    event_id: string;
    attempts: number;
    window_from: Date | string;
    body: string;
  }

  interface Sent {
    row: Claimed;
    result: AttemptResult;
    startedMs: number;
  }

  /** The outcomes of a lane's batch, in one statement (and one more when an endpoint said 410). */
  async function settle(endpoint: string, sent: Sent[]): Promise<void> {
    const nowMs = now();
    const settled = sent.map(({ row, result, startedMs }) => {
      const outcome = decideOutcome(result, {
        attempts: row.attempts,
        windowFromMs: new Date(row.window_from).getTime(),
        nowMs,
      });
      opts.metrics.webhookDelivery(outcome.state === "pending" ? "retry" : outcome.state);
      const status = result.kind === "answered" ? result.status : null;
      if (outcome.state !== "delivered") {
        // Never the URL's query, the body or the receiver's answer: ids, status and timing only.
        logger.warn({
          webhook: shownEndpoint(endpoint),
          delivery: Number(row.id),
          attempt: row.attempts,
          status: status ?? (result.kind === "error" ? result.reason : null),
          outcome: outcome.state,
          ...(outcome.state === "pending" ? { retryInS: Math.round((outcome.nextAtMs - nowMs) / 1000) } : {}),
        });
      }
      return {
        id: row.id,
        state: outcome.state,
        nextAt: outcome.state === "pending" ? new Date(outcome.nextAtMs).toISOString() : null,
        status,
        error:
          result.kind === "answered"
            ? result.status < 300
              ? null
              : result.excerpt
            : result.detail.slice(0, 200),
        durationMs: result.durationMs,
        at: new Date(startedMs).toISOString(),
      };
    });
    const column = <K extends keyof (typeof settled)[number]>(key: K) => settled.map((s) => s[key]);
    await db.query(
      `UPDATE webhook_deliveries d SET state = v.state, next_at = v.next_at, last_status = v.status,
         last_error = v.error, last_duration_ms = v.duration_ms, last_at = v.at
       FROM unnest($1::bigint[], $2::text[], $3::timestamptz[], $4::int[], $5::text[], $6::int[], $7::timestamptz[])
         AS v(id, state, next_at, status, error, duration_ms, at)
       WHERE d.id = v.id`,
      [
        column("id"),
        column("state"),
        column("nextAt"),
        column("status"),
        column("error"),
        column("durationMs"),
        column("at"),
      ],
    );
    if (settled.some((s) => s.state === "stopped")) {
      await db.query(
        `WITH s AS (INSERT INTO webhook_endpoints_stopped (endpoint, stopped_at) VALUES ($1, $2)
                    ON CONFLICT (endpoint) DO NOTHING)
         UPDATE webhook_deliveries SET state = 'stopped', next_at = NULL WHERE endpoint = $1 AND state = 'pending'`,
        [endpoint, new Date(nowMs).toISOString()],
      );
    }
  }

  async function sendOne(endpoint: string, row: Claimed): Promise<Sent> {
    const startedMs = now();
    const result = await postSigned(
      endpoint,
      { id: row.event_id, timestamp: new Date(startedMs), body: row.body },
      {
        production: config.production,
        secrets: config.webhookSecrets,
        signal: aborter.signal,
        agents,
        lookup: opts.lookup,
      },
    );
    return { row, result, startedMs };
  }

  /** Claims up to CLAIM_BATCH due deliveries, sends them LANE_CONCURRENCY at a time, settles them. */
  async function drainLane(endpoint: string): Promise<void> {
    for (;;) {
      if (closed) return;
      const nowMs = now();
      const { rows } = await db.query<Claimed>(
        `UPDATE webhook_deliveries d SET next_at = $3, attempts = d.attempts + 1
         FROM webhook_events e
         WHERE d.id IN (SELECT id FROM webhook_deliveries
                        WHERE endpoint = $1 AND state = 'pending' AND next_at <= $2
                        ORDER BY next_at, id LIMIT $4 FOR UPDATE SKIP LOCKED)
           AND e.id = d.event_id
         RETURNING d.id::text AS id, d.event_id, d.attempts, d.window_from, e.payload::text AS body`,
        [endpoint, new Date(nowMs).toISOString(), new Date(nowMs + LEASE_MS).toISOString(), CLAIM_BATCH],
      );
      if (rows.length === 0) return;
      const sent: Sent[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(LANE_CONCURRENCY, rows.length) }, async () => {
          while (next < rows.length) sent.push(await sendOne(endpoint, rows[next++]));
        }),
      );
      // Shutting down: the leases run out and another pass (here or elsewhere) sends them again.
      if (aborter.signal.aborted) return;
      await settle(endpoint, sent);
      if (rows.length < CLAIM_BATCH) return;
    }
  }

  const fanner = serial(fanOut, failed("fan-out"), WAKE_DELAY_MS);
  // A lane is woken by the fan-out's pass: it starts at once.
  const lanes = new Map(
    config.webhookUrls.map((url) => [url, serial(() => drainLane(url), failed("a lane"), 0)]),
  );
  const stopListening = await db.listen(
    WEBHOOKS_CHANNEL,
    () => fanner.wake(),
    (connected) => {
      if (connected) fanner.wake();
    },
  );
  const poll = setInterval(() => fanner.wake(), POLL_MS);
  poll.unref();
  fanner.wake();

  return {
    enabled: true,
    wake() {
      if (!closed) fanner.wake();
    },
    async runOnce() {
      await fanner.runOnce();
      await Promise.all([...lanes.values()].map((lane) => lane.runOnce()));
    },
    async close() {
      closed = true;
      clearInterval(poll);
      aborter.abort();
      await stopListening();
      await Promise.all([fanner.idle(), ...[...lanes.values()].map((lane) => lane.idle())]);
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
