/**
 * The reference server: `createApp` opens the database, migrates, seeds and wires the routes;
 * `startServer` also listens (127.0.0.1 by default; port 0 picks a free one) and returns
 * `stop()`, which closes the listener and the database.
 */
import fs from "node:fs";
import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { SpanExporter } from "@opentelemetry/sdk-trace-base";
import { Hono } from "hono";
import type { Lead } from "../lib/core/types.ts";
import { loadSecrets } from "./auth/secret.ts";
import { createSessions } from "./auth/sessions.ts";
import { createTokens } from "./auth/tokens.ts";
import { ConfigError, defaultConfig, type ServerConfig, webhookProblems } from "./config.ts";
import { type Db, databaseStartProblem, isDatabaseUnavailable, openDb } from "./db/db.ts";
import { migrate, withSchemaLock } from "./db/migrate.ts";
import { createNotifiedCache } from "./db/notifiedCache.ts";
import { seedDemo, seedReferenceData } from "./db/seed.ts";
import type { Deps } from "./deps.ts";
import { capConnectionsPerAddress, SERVER_OPTIONS } from "./http/connections.ts";
import type { AppEnv } from "./http/env.ts";
import { ApiFailure, failureEnvelope, sendFailure } from "./http/envelope.ts";
import { healthRoutes, type Readiness } from "./http/health.ts";
import { apiGate, requestLog, safePath } from "./http/middleware.ts";
import { createLogger, flushLog } from "./log.ts";
import { createMetrics, NO_METRICS } from "./observability/metrics.ts";
import { startTracing } from "./observability/tracing.ts";
import { beaconRoutes } from "./routes/beacon.ts";
import { customerAuthRoutes } from "./routes/customerAuth.ts";
import { customerTextRoutes } from "./routes/customerTexts.ts";
import { devOutboxRoutes } from "./routes/devOutbox.ts";
import { leadDeskRoutes } from "./routes/leadDesk.ts";
import { leadRoutes } from "./routes/leads.ts";
import { listRoutes } from "./routes/lists.ts";
import { maintenanceRoutes } from "./routes/maintenance.ts";
import { apiDocsRoutes, metricsRoute } from "./routes/operability.ts";
import { privacyRoutes, unsubscribeRoutes } from "./routes/privacy.ts";
import { redemptionRoutes } from "./routes/redemptions.ts";
import { sessionRoutes } from "./routes/sessions.ts";
import { staffRoutes } from "./routes/staff.ts";
import { webhookRoutes } from "./routes/webhooks.ts";
import { seedSampleTexts } from "./services/customerTexts.ts";
import { startHousekeeping } from "./services/housekeeping.ts";
import { LEAD_CACHE_LIMIT, LEADS_CHANNEL } from "./services/leads.ts";
import { referenceLists } from "./services/lists.ts";
import { createMailer } from "./services/mail.ts";
import { startRetention } from "./services/retention.ts";
import { createWebhooks } from "./services/webhooks/worker.ts";
import { staticRoutes } from "./static.ts";

export interface AppOptions extends Partial<ServerConfig> {
  /** Clock in ms (tests move it to expire codes and tokens). */
  now?: () => number;
  /** Where the log lines (JSON) go; default stdout, written asynchronously. */
  log?: (line: string) => void;
  /** A PGlite dump to start `memory://` from (tests). */
  pgliteTemplate?: Blob;
  /** Tests: spans go to this OpenTelemetry exporter (tracing on without an endpoint). */
  traceExporter?: SpanExporter;
  /** false: count no metrics at all (the API bench's "metrics off"); default: as METRICS_TOKEN says. */
  metrics?: boolean;
}

export interface App {
  app: Hono<AppEnv>;
  deps: Deps;
  readiness: Readiness;
  close(): Promise<void>;
}

/** How long SIGTERM/stop() lets requests in flight finish before their connections are cut. */
export const SHUTDOWN_GRACE_MS = 10_000;

/** The client went away before the answer (closed the socket mid-body, for instance). */
function clientAborted(c: {
  env?: { incoming?: { aborted?: boolean; destroyed?: boolean; readableAborted?: boolean } };
}): boolean {
  const incoming = c.env?.incoming;
  return incoming?.aborted === true || incoming?.readableAborted === true;
}

function errorSummary(error: unknown): string {
  // Names and codes only: messages of database errors quote the values that failed.
  const e = error as { name?: string; code?: string; stack?: string };
  const frame = e.stack?.split("\n").find((line) => line.trim().startsWith("at "));
  return `${e.name ?? "Error"}${e.code ? ` ${e.code}` : ""}${frame ? ` ${frame.trim()}` : ""}`;
}

export function buildApp(deps: Deps, readiness: Readiness = { draining: false }): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const traceRequests = deps.tracing.middleware();
  if (traceRequests) app.use("*", traceRequests);
  app.use("*", requestLog(deps, readiness));
  healthRoutes(app, deps.db, readiness);
  metricsRoute(app, deps);
  // The reference is for anyone, with or without the key (a browser cannot send it).
  apiDocsRoutes(app, deps);
  // Production has no dev outbox at all: 404 whatever the key, before the key gate.
  if (deps.config.production) app.all("/api/dev/*", (c) => sendFailure(c, new ApiFailure("NOT_FOUND")));
  app.use("/api/*", apiGate(deps));
  for (const routes of [
    listRoutes(deps),
    customerTextRoutes(deps),
    customerAuthRoutes(deps),
    sessionRoutes(deps),
    leadRoutes(deps),
    leadDeskRoutes(deps),
    beaconRoutes(deps),
    staffRoutes(deps),
    redemptionRoutes(deps),
    maintenanceRoutes(deps),
    privacyRoutes(deps),
    devOutboxRoutes(deps),
    webhookRoutes(deps),
  ]) {
    app.route("/api", routes);
  }
  // The same answer every time: built once, not an ApiFailure (and its stack trace) per request.
  const notFound = JSON.stringify(failureEnvelope(new ApiFailure("NOT_FOUND")));
  app.all("/api/*", (c) => c.body(notFound, 404, { "Content-Type": "application/json" }));
  // The opt-out page: outside /api (a link in a mail, no API key), before the host pages.
  app.route("/", unsubscribeRoutes(deps));
  staticRoutes(app, deps.config);
  app.notFound((c) => c.text("Not found\n", 404));
  app.onError((error, c) => {
    if (error instanceof ApiFailure) return sendFailure(c, error);
    const where = { reqId: c.get("requestId"), method: c.req.method, path: safePath(c.req.path) };
    if (clientAborted(c)) {
      // Nobody is left to answer: not a server error.
      deps.logger.info({ ...where, aborted: true });
      return c.body(null, 499 as 400);
    }
    if (isDatabaseUnavailable(error)) {
      deps.logger.warn({ ...where, unavailable: "database", error: errorSummary(error) });
      if (c.req.path.startsWith("/api/"))
        return sendFailure(c, new ApiFailure("SERVICE_UNAVAILABLE", { headers: { "Retry-After": "5" } }));
      return c.text("Service unavailable\n", 503);
    }
    deps.logger.error({ ...where, error: errorSummary(error) });
    if (c.req.path.startsWith("/api/")) return sendFailure(c, new ApiFailure("INTERNAL"));
    return c.text("Internal error\n", 500);
  });
  return app;
}

/**
 * Migrations, the hospital list, and with SEED=demo the fictional clinics and products and (empty
 * database) the demo people, under one lock.
 */
export async function prepareDatabase(db: Db, seed: ServerConfig["seed"], nowMs: number): Promise<boolean> {
  await migrate(db);
  return withSchemaLock(db, async (tx) => {
    await seedReferenceData(tx, seed === "demo");
    if (seed !== "demo") return false;
    await seedSampleTexts(tx, nowMs);
    return seedDemo(tx, nowMs);
  });
}

export async function createApp(options: AppOptions = {}): Promise<App> {
  const { now = Date.now, log, pgliteTemplate, traceExporter, metrics: countMetrics, ...overrides } = options;
  const config: ServerConfig = { ...defaultConfig(), ...overrides };
  const tracing = await startTracing({ endpoint: config.otelEndpoint, exporter: traceExporter });
  const logger = createLogger(log, tracing.enabled ? tracing.traceId : undefined);
  if (config.production && !config.smtpUrl) throw new ConfigError("SMTP_URL is not set (production mode)");
  if (config.production && config.seed === "demo") throw new ConfigError("SEED=demo: not in production mode");
  const webhookSettings = webhookProblems(config);
  if (webhookSettings.length > 0) throw new ConfigError(webhookSettings);
  const where = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  /** A database that cannot be reached or refuses the connection: one line (ConfigError). */
  const explained = (error: unknown) => {
    const problem = databaseStartProblem(error, where);
    return problem === undefined ? error : new ConfigError(problem);
  };
  const template = pgliteTemplate ?? templateFile(config.pgliteTemplateFile);
  const db = await openDb({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteTemplate: template,
  }).then(tracing.wrapDb, async (error) => {
    await tracing.close();
    throw explained(error);
  });
  try {
    const seeded = await prepareDatabase(db, config.seed, now()).catch((error) => {
      throw explained(error);
    });
    if (seeded) logger.info("seeded demo data (staff S001, S002, A001; leads NUDEM00001-3)");
    const secrets = await loadSecrets({
      configured: config.tokenSecret,
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      db,
    });
    const mailer = createMailer({
      db,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      brand: config.brand,
      log: (line) => logger.warn(line),
      tracing,
    });
    const sessions = await createSessions(db, now);
    const tokens = createTokens(secrets.tokenKey, sessions, secrets.hmac, now);
    const lists = await referenceLists(db);
    const leads = await createNotifiedCache<Lead>(db, LEADS_CHANNEL, LEAD_CACHE_LIMIT);
    // Nobody could read them: production without METRICS_TOKEN counts nothing.
    const metricsOn = countMetrics ?? (!config.production || config.metricsToken !== undefined);
    const metrics = metricsOn ? createMetrics(db) : NO_METRICS;
    const webhooks = await createWebhooks({ db, config, now, logger, metrics });
    const deps: Deps = {
      db,
      config,
      secrets,
      tokens,
      sessions,
      mailer,
      lists,
      leads,
      now,
      logger,
      metrics,
      tracing,
      webhooks,
    };
    const stopHousekeeping = startHousekeeping(deps);
    const stopRetention = startRetention(deps);
    const readiness: Readiness = { draining: false };
    return {
      app: buildApp(deps, readiness),
      deps,
      readiness,
      async close() {
        stopHousekeeping();
        stopRetention();
        mailer.close();
        await webhooks.close();
        await sessions.close();
        await lists.close();
        await leads.close();
        await db.close();
        metrics.close();
        await tracing.close();
        flushLog(logger);
      },
    };
  } catch (error) {
    await db.close().catch(() => {});
    await tracing.close();
    throw error;
  }
}

/** The dump PGLITE_TEMPLATE names (configFromEnv checked that it is there). */
function templateFile(file: string | undefined): Blob | undefined {
  return file === undefined ? undefined : new Blob([new Uint8Array(fs.readFileSync(file))]);
}

/** Why the listener could not open, as one line (ConfigError) when it is a setting's fault. */
function listenProblem(error: NodeJS.ErrnoException, host: string, port: number): Error {
  switch (error.code) {
    case "EADDRINUSE":
      return new ConfigError(
        `port ${port} on ${host} is already in use (another process, perhaps another nu-forms, listens there): stop it or set another PORT`,
      );
    case "EACCES":
      return new ConfigError(
        `no permission to listen on port ${port} (PORT): ports below 1024 need privileges`,
      );
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "EADDRNOTAVAIL":
      return new ConfigError(
        `HOST "${host}" is not an address of this machine (${error.code}): use 127.0.0.1, 0.0.0.0 or one of its own addresses`,
      );
    default:
      return error;
  }
}

export interface RunningServer {
  url: string;
  port: number;
  deps: Deps;
  /** Connections the HTTP server holds open now (what the per-address cap bounds). */
  openConnections(): Promise<number>;
  stop(): Promise<void>;
}

export async function startServer(options: AppOptions = {}): Promise<RunningServer> {
  const { app, deps, readiness, close } = await createApp(options);
  const { host, port } = deps.config;
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, hostname: host, port, serverOptions: SERVER_OPTIONS }, () =>
      resolve(s),
    );
    s.once("error", (error: NodeJS.ErrnoException) => reject(listenProblem(error, host, port)));
  }).catch(async (error) => {
    await close();
    throw error;
  });
  capConnectionsPerAddress(server as unknown as HttpServer, deps.config);
  const actualPort = (server.address() as AddressInfo).port;
  const shownHost = host.includes(":") ? `[${host}]` : host;
  let stopping: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${actualPort}`,
    port: actualPort,
    deps,
    openConnections: () =>
      new Promise<number>((resolve, reject) =>
        (server as unknown as HttpServer).getConnections((error, n) => (error ? reject(error) : resolve(n))),
      ),
    stop() {
      // Stop accepting, let requests in flight finish (at most SHUTDOWN_GRACE_MS), then close the
      // database. /readyz says "draining" meanwhile.
      stopping ??= (async () => {
        readiness.draining = true;
        const http = server as unknown as HttpServer;
        await new Promise<void>((resolve) => {
          const cut = setTimeout(() => http.closeAllConnections(), SHUTDOWN_GRACE_MS);
          cut.unref();
          http.close(() => {
            clearTimeout(cut);
            resolve();
          });
          // Idle keep-alive connections would hold close() open until they time out.
          http.closeIdleConnections();
        });
        await close();
      })();
      return stopping;
    },
  };
}
