/**
 * What every request goes through, in two middlewares (each extra one is a closure and a
 * promise per request): the request log for all, and for /api one gate doing the headers,
 * CORS, key and size checks. Their headers go on Node's response before the handler runs
 * (`setHeader`): set on a finished Response, Hono would rebuild it as a stream, and set with
 * `c.header`, every answer would carry a WHATWG Headers object.
 */
import { timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { ALS_URL_HEADER } from "../../lib/core/alsUrl.ts";
import type { Deps } from "../deps.ts";
import { logRequest, requestId } from "../log.ts";
import { type AppEnv, header, type OwnOrigin, ownOrigin, setHeader } from "./env.ts";
import { ApiFailure, sendFailure } from "./envelope.ts";
import { BODY_LIMIT_BYTES } from "./input.ts";

/**
 * One JSON line per request: request id, method, path without the query string, status,
 * milliseconds. Nothing else (no query strings, headers, bodies or tokens: they can carry
 * personal data). The id is also sent back as `X-Request-Id`. While the server shuts down
 * (`draining`), answers say `Connection: close`, so each connection ends with its answer.
 */
export function requestLog(deps: Deps, readiness: { draining: boolean }): MiddlewareHandler<AppEnv> {
  const { logger, metrics } = deps;
  // Served at an https PUBLIC_ORIGIN, browsers are told to come back only over https (a year;
  // not the brand's other subdomains, which this server does not speak for).
  const hsts = deps.config.publicOrigin?.startsWith("https://") ? "max-age=31536000" : undefined;
  return async (c, next) => {
    const started = performance.now();
    const reqId = requestId(header(c, "x-request-id"));
    c.set("requestId", reqId);
    setHeader(c, "X-Request-Id", reqId);
    if (hsts) setHeader(c, "Strict-Transport-Security", hsts);
    try {
      await next();
      if (readiness.draining) setHeader(c, "Connection", "close");
    } finally {
      // A body nobody read is drained, so the client is not left writing into a closed request.
      // (GET and HEAD carry none: Node's server discards anything there itself.)
      const incoming = c.env?.incoming;
      const method = c.req.method;
      if (incoming && method !== "GET" && method !== "HEAD" && !incoming.readableEnded && !incoming.destroyed)
        incoming.resume();
      const ms = performance.now() - started;
      const status = c.res.status;
      metrics.request(method, routeTemplate(c), status, ms / 1000);
      logRequest(logger, reqId, method, safePath(c.req.path), status, Math.round(ms));
    }
  };
}

/**
 * The template of the route that answered (`/api/invoices/:id`, `/api/*` for the /api 404, `*` for
 * the pages): a bounded label, never the path itself.
 */
export function routeTemplate(c: Context<AppEnv>): string {
  try {
    return c.req.routePath;
  } catch {
    return "none"; // nothing matched at all
  }
}

/** The path as a log may show it: printable ASCII only, at most 200 characters. */
export function safePath(path: string): string {
  return path.replace(/[^\x21-\x7e]/g, "?").slice(0, 200);
}

const ALLOWED_HEADERS =
  "x-api-key, content-type, authorization, idempotency-key, x-staff-code-ticket, x-email-code-ticket";
const ALLOWED_METHODS = "GET, POST, PATCH, PUT, OPTIONS";

/**
 * Whether `given` is the key, in time independent of where they differ. Only its length may
 * show, and that is no secret: the key is in every page that embeds the forms. (Hashing every
 * request's key, as before, showed in the profile.)
 */
function keyCheck(apiKey: string): (given: string) => boolean {
  const expected = Buffer.from(apiKey);
  return (given) => {
    if (given.length !== apiKey.length) return false;
    const bytes = Buffer.from(given);
    return bytes.length === expected.length && timingSafeEqual(bytes, expected);
  };
}

/**
 * For /api: `Cache-Control: no-store` (a route may loosen it) and `nosniff`; browser calls only
 * from the server's own origin or an origin in ALLOWED_ORIGINS (any other Origin is refused, 403,
 * before the request does anything; allowed cross-origin callers get the CORS headers and
 * preflights are answered here); `x-api-key` must be the configured key (compared in constant
 * time); bodies over the limit are refused here by their Content-Length; a body without one
 * (chunked) is counted as it is read (input.ts `bodyText`), and refused there past the limit.
 */
export function apiGate(deps: Deps): MiddlewareHandler<AppEnv> {
  const allowed = new Set(deps.config.allowedOrigins);
  const own = ownOrigin(deps.config);
  const isApiKey = keyCheck(deps.config.apiKey);
  return async (c, next) => {
    setHeader(c, "Cache-Control", "no-store");
    setHeader(c, "X-Content-Type-Options", "nosniff");
    // The address lookup this server's pages use, for elements on other origins (lib/config.ts).
    setHeader(c, ALS_URL_HEADER, deps.config.alsUrl);
    const origin = header(c, "origin");
    if (origin !== undefined) {
      const preflight = cors(c, origin, allowed, own);
      if (preflight) return preflight;
    }
    const given = header(c, "x-api-key");
    if (given === undefined || !isApiKey(given)) {
      return sendFailure(c, new ApiFailure("INVALID_API_KEY"));
    }
    const method = c.req.method;
    if (method === "GET" || method === "HEAD") return next();
    const length = header(c, "content-length");
    if (length !== undefined && Number(length) > BODY_LIMIT_BYTES)
      return sendFailure(c, new ApiFailure("PAYLOAD_TOO_LARGE"));
    return next();
  };
}

/** The CORS headers of an allowed origin; a response when the request ends here. */
function cors(
  c: Context<AppEnv>,
  origin: string,
  allowed: Set<string>,
  own: OwnOrigin,
): Response | undefined {
  const sameOrigin = own(c, origin.toLowerCase());
  if (!sameOrigin && !allowed.has(origin.toLowerCase()))
    return sendFailure(c, new ApiFailure("ORIGIN_NOT_ALLOWED"));
  setHeader(c, "Vary", "Origin", true);
  if (sameOrigin) return undefined;
  setHeader(c, "Access-Control-Allow-Origin", origin);
  setHeader(
    c,
    "Access-Control-Expose-Headers",
    `Retry-After, Idempotent-Replayed, ETag, X-Request-Id, X-Staff-Code-Ticket, X-Email-Code-Ticket, ${ALS_URL_HEADER}`,
  );
  if (c.req.method === "OPTIONS") {
    setHeader(c, "Access-Control-Allow-Methods", ALLOWED_METHODS);
    setHeader(c, "Access-Control-Allow-Headers", `${ALLOWED_HEADERS}, if-none-match, x-request-id`);
    setHeader(c, "Access-Control-Max-Age", "600");
    return c.body(null, 204);
  }
  return undefined;
}
