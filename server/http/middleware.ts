/** What every request goes through: the access log, and for /api the headers, CORS, key and size checks. */
import { createHash, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Deps } from "../deps.ts";
import type { AppEnv } from "./env.ts";
import { ApiFailure, sendFailure } from "./envelope.ts";
import { BODY_LIMIT_BYTES } from "./input.ts";

/**
 * One line per request: method, path without the query string, status, milliseconds. Nothing
 * else (no query strings, headers, bodies or tokens: they can carry personal data).
 */
export function accessLog(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      // A body nobody read is drained, so the client is not left writing into a closed request.
      const incoming = c.env?.incoming;
      if (incoming && !incoming.readableEnded && !incoming.destroyed) incoming.resume();
      const path = c.req.path.replace(/[^\x21-\x7e]/g, "?").slice(0, 200);
      deps.log(`${c.req.method} ${path} ${c.res.status} ${Math.round(performance.now() - started)}ms`);
    }
  };
}

export const apiHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
  c.header("X-Content-Type-Options", "nosniff");
};

const ALLOWED_HEADERS = "x-api-key, content-type, authorization, idempotency-key";
const ALLOWED_METHODS = "GET, POST, PATCH, PUT, OPTIONS";

/**
 * Browser calls only from the server's own origin or an origin in ALLOWED_ORIGINS: any other
 * Origin is refused (403) before the request does anything; allowed cross-origin callers get
 * the CORS headers, and preflights are answered here.
 */
export function corsGate(deps: Deps): MiddlewareHandler<AppEnv> {
  const allowed = new Set(deps.config.allowedOrigins);
  return async (c, next) => {
    const origin = c.req.header("origin");
    if (origin === undefined) return next();
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = null;
    }
    const sameOrigin = originHost !== null && originHost === c.req.header("host");
    if (!sameOrigin && !allowed.has(origin.toLowerCase()))
      return sendFailure(c, new ApiFailure("ORIGIN_NOT_ALLOWED"));
    c.header("Vary", "Origin", { append: true });
    if (sameOrigin) return next();
    c.header("Access-Control-Allow-Origin", origin);
    c.header("Access-Control-Expose-Headers", "Retry-After, Idempotent-Replayed");
    if (c.req.method === "OPTIONS") {
      c.header("Access-Control-Allow-Methods", ALLOWED_METHODS);
      c.header("Access-Control-Allow-Headers", ALLOWED_HEADERS);
      c.header("Access-Control-Max-Age", "600");
      return c.body(null, 204);
    }
    return next();
  };
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/** `x-api-key` must be the configured key (compared in constant time). */
export function apiKeyGate(deps: Deps): MiddlewareHandler<AppEnv> {
  const expected = digest(deps.config.apiKey);
  return async (c, next) => {
    const given = c.req.header("x-api-key");
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      return sendFailure(c, new ApiFailure("INVALID_API_KEY"));
    }
    return next();
  };
}

export const apiBodyLimit: MiddlewareHandler<AppEnv> = bodyLimit({
  maxSize: BODY_LIMIT_BYTES,
  onError: (c) => sendFailure(c, new ApiFailure("PAYLOAD_TOO_LARGE")),
});
