/**
 * OpenTelemetry traces, opt-in: only when OTEL_EXPORTER_OTLP_ENDPOINT is set (or a test hands an
 * exporter) are the SDK's modules imported at all; otherwise `NO_TRACING` runs every function as
 * it is and no OpenTelemetry module is ever loaded.
 *
 * Nothing global is registered: the app keeps its own tracer provider and carries the current span
 * in its own AsyncLocalStorage, so two apps in one process never mix their traces. Spans: one per
 * request (`GET /api/lead`, the route template), one per database statement and transaction,
 * outgoing mail and webhook calls (`span`). Attributes never hold personal data: the SQL text has
 * only placeholders, the request span the route template, a webhook span its host.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Context as OtelContext, Span, Tracer } from "@opentelemetry/api";
import type { SpanExporter } from "@opentelemetry/sdk-trace-base";
import type { MiddlewareHandler } from "hono";
import type { Db, Queryable } from "../db/db.ts";
import type { AppEnv } from "../http/env.ts";

type Attributes = Record<string, string | number | boolean>;

export interface Tracing {
  readonly enabled: boolean;
  /** `fn` inside a span, a child of the current one (`kind` "client" for calls out: mail, webhooks). */
  span<T>(
    name: string,
    attributes: Attributes,
    fn: () => Promise<T>,
    kind?: "client" | "internal",
  ): Promise<T>;
  /** The current trace's id (for the log line), if any. */
  traceId(): string | undefined;
  /** The request span's middleware (registered first, before the request log). */
  middleware(): MiddlewareHandler<AppEnv> | undefined;
  /** `db` with a span per statement and per transaction. */
  wrapDb(db: Db): Db;
  /** Sends the spans still buffered. */
  close(): Promise<void>;
}

export const NO_TRACING: Tracing = {
  enabled: false,
  span: (_name, _attributes, fn) => fn(),
  traceId: () => undefined,
  middleware: () => undefined,
  wrapDb: (db) => db,
  close: async () => {},
};

export interface TracingOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL (spans go to `<endpoint>/v1/traces`). */
  endpoint?: string;
  /** A test's exporter instead (spans handed over one by one as they end). */
  exporter?: SpanExporter;
  serviceName?: string;
}

/** A webhook call's span: the endpoint's host only (its path or query may carry a secret). */
export function webhookSpan<T>(
  tracing: Tracing,
  endpoint: string,
  type: string,
  fn: () => Promise<T>,
): Promise<T> {
  let host = "";
  try {
    host = new URL(endpoint).host;
  } catch {}
  return tracing.span("webhook POST", { "server.address": host, "nuforms.event.type": type }, fn, "client");
}

/** W3C Trace Context's `traceparent` (version 00): trace id, parent span id, flags. */
const TRACEPARENT = /^00-((?!0{32})[0-9a-f]{32})-((?!0{16})[0-9a-f]{16})-([0-9a-f]{2})$/;

export async function startTracing(options: TracingOptions): Promise<Tracing> {
  if (!options.endpoint && !options.exporter) return NO_TRACING;
  const api = await import("@opentelemetry/api");
  const base = await import("@opentelemetry/sdk-trace-base");
  const { resourceFromAttributes } = await import("@opentelemetry/resources");
  let processor: InstanceType<typeof base.SimpleSpanProcessor> | InstanceType<typeof base.BatchSpanProcessor>;
  if (options.exporter) processor = new base.SimpleSpanProcessor(options.exporter);
  else {
    const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-http");
    const url = `${(options.endpoint as string).replace(/\/+$/, "")}/v1/traces`;
    processor = new base.BatchSpanProcessor(new OTLPTraceExporter({ url }));
  }
  const provider = new base.BasicTracerProvider({
    resource: resourceFromAttributes({ "service.name": options.serviceName ?? "nu-forms" }),
    spanProcessors: [processor],
  });
  const tracer: Tracer = provider.getTracer("nu-forms");
  const current = new AsyncLocalStorage<OtelContext>();
  const parent = () => current.getStore() ?? api.ROOT_CONTEXT;
  const kinds = { client: api.SpanKind.CLIENT, internal: api.SpanKind.INTERNAL };

  async function inSpan<T>(span: Span, fn: () => Promise<T>): Promise<T> {
    try {
      return await current.run(api.trace.setSpan(parent(), span), fn);
    } catch (error) {
      span.setStatus({ code: api.SpanStatusCode.ERROR, message: (error as Error).name });
      throw error;
    } finally {
      span.end();
    }
  }

  const span: Tracing["span"] = (name, attributes, fn, kind = "internal") =>
    inSpan(tracer.startSpan(name, { kind: kinds[kind], attributes }, parent()), fn);

  const dbSystem = (db: Db) => (db.kind === "postgres" ? "postgresql" : "pglite");
  function traced(q: Queryable, system: string): Queryable {
    return {
      query(sql, params) {
        const operation = /^\s*(?:WITH\b[\s\S]*?\)\s*)?(\w+)/i.exec(sql)?.[1]?.toUpperCase() ?? "SQL";
        return span(
          operation,
          { "db.system.name": system, "db.query.text": sql },
          () => q.query(sql, params),
          "client",
        );
      },
      exec: (sql) =>
        span(
          "EXEC",
          { "db.system.name": system, "db.query.text": sql.slice(0, 2000) },
          () => q.exec(sql),
          "client",
        ),
    };
  }

  return {
    enabled: true,
    span,
    traceId: () => {
      const store = current.getStore();
      return store ? api.trace.getSpan(store)?.spanContext().traceId : undefined;
    },
    middleware: () => async (c, next) => {
      const method = c.req.method;
      // A caller's trace (a proxy's or another service's W3C `traceparent`) goes on through us.
      const remote = TRACEPARENT.exec(c.req.header("traceparent") ?? "");
      const from = remote
        ? api.trace.setSpanContext(api.ROOT_CONTEXT, {
            traceId: remote[1],
            spanId: remote[2],
            traceFlags: Number.parseInt(remote[3], 16),
            isRemote: true,
          })
        : api.ROOT_CONTEXT;
      const requestSpan = tracer.startSpan(
        method,
        {
          kind: api.SpanKind.SERVER,
          attributes: { "http.request.method": method },
        },
        from,
      );
      try {
        await current.run(api.trace.setSpan(from, requestSpan), next);
      } finally {
        let route = "none";
        try {
          route = c.req.routePath;
        } catch {}
        const status = c.res.status;
        requestSpan.updateName(`${method} ${route}`);
        requestSpan.setAttributes({ "http.route": route, "http.response.status_code": status });
        if (status >= 500) requestSpan.setStatus({ code: api.SpanStatusCode.ERROR });
        requestSpan.end();
      }
    },
    wrapDb(db) {
      const system = dbSystem(db);
      return {
        ...db,
        ...traced(db, system),
        transaction: (fn) =>
          span(
            "TRANSACTION",
            { "db.system.name": system },
            () => db.transaction((tx) => fn(traced(tx, system))),
            "internal",
          ),
        listen: db.listen.bind(db),
        close: db.close.bind(db),
      };
    },
    async close() {
      await provider.forceFlush().catch(() => {});
      await provider.shutdown().catch(() => {});
    },
  };
}
