/**
 * What an operator and an integrator read: `GET /metrics` (Prometheus text, guarded by
 * METRICS_TOKEN), `GET /api/openapi.json` (the OpenAPI document, written once from the app's routes
 * at the first request) and `GET /api/docs` (Swagger UI on that document, its files served from
 * swagger-ui-dist by this server under a CSP of its own: no CDN, no inline script).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Context, Hono } from "hono";
import * as v from "valibot";
import type { Deps } from "../deps.ts";
import { escapeHtml } from "../html.ts";
import { type AppEnv, header } from "../http/env.ts";
import { describe, openApiDocument } from "../http/openapi.ts";
import { acceptedEncodings } from "../static.ts";

const sha256 = (bytes: string | Buffer) => createHash("sha256").update(bytes).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function bearerMatches(c: Context<AppEnv>, token: string): boolean {
  const given = /^bearer\s+(.+)$/i.exec(header(c, "authorization") ?? "")?.[1]?.trim() ?? "";
  // Hashes of equal length: neither the token's length nor where they differ shows in the time.
  return timingSafeEqual(sha256(given), sha256(token));
}

export function metricsRoute(app: Hono<AppEnv>, deps: Deps): void {
  const { metricsToken, production } = deps.config;
  app.get("/metrics", async (c) => {
    if (production && metricsToken === undefined) return c.text("Not found\n", 404);
    if (metricsToken !== undefined && !bearerMatches(c, metricsToken))
      return c.text("Unauthorized\n", 401, { "WWW-Authenticate": 'Bearer realm="metrics"' });
    const { registry } = deps.metrics;
    return c.body(await registry.metrics(), 200, {
      "Content-Type": registry.contentType,
      "Cache-Control": "no-store",
    });
  });
}

interface Asset {
  bytes: Buffer;
  gzip: Buffer;
  etag: string;
  type: string;
}

const SWAGGER_DIR = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const FILES: Record<string, { file: string; type: string }> = {
  "swagger-ui.css": { file: path.join(SWAGGER_DIR, "swagger-ui.css"), type: "text/css; charset=utf-8" },
  "swagger-ui-bundle.js": {
    file: path.join(SWAGGER_DIR, "swagger-ui-bundle.js"),
    type: "text/javascript; charset=utf-8",
  },
  "start.js": {
    file: path.join(import.meta.dirname, "../public/api-docs.js"),
    type: "text/javascript; charset=utf-8",
  },
};
const assets = new Map<string, Asset>();

/** A file of the page, read and compressed once per process. */
function asset(name: string): Asset | undefined {
  const known = FILES[name];
  if (!known) return undefined;
  let found = assets.get(name);
  if (!found) {
    const bytes = readFileSync(known.file);
    found = {
      bytes,
      gzip: gzipSync(bytes),
      etag: `"${sha256(bytes).toString("base64url").slice(0, 27)}"`,
      type: known.type,
    };
    assets.set(name, found);
  }
  return found;
}

/** The page's policy: its own scripts, styles and pictures (Swagger UI's icons are data: URLs). */
const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

function docsPage(apiKey: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>nu-forms API reference</title>
<meta name="nu-forms:api-key" content="${escapeHtml(apiKey)}">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<main id="api"><noscript>The reference needs JavaScript; the document itself is <a href="/api/openapi.json">/api/openapi.json</a>.</noscript></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;
}

const noQuery = v.object({});

export function apiDocsRoutes(app: Hono<AppEnv>, deps: Deps): void {
  let document: string | undefined;
  const version = (
    JSON.parse(readFileSync(path.join(import.meta.dirname, "../../package.json"), "utf8")) as {
      version: string;
    }
  ).version;
  app.get(
    "/api/openapi.json",
    describe(
      { summary: "This document (OpenAPI 3.1)", who: "any", tag: "reference", query: noQuery, open: true },
      (c) => {
        // Written at the first request, when every route is registered; the same for the app's life.
        document ??= JSON.stringify(openApiDocument(app, { version }));
        return c.body(document, 200, { "Content-Type": "application/json", "Cache-Control": "no-cache" });
      },
    ),
  );
  app.get(
    "/api/docs",
    describe(
      {
        summary: "The reference page of this document (HTML)",
        who: "any",
        tag: "reference",
        file: "text/html",
        open: true,
      },
      (c) =>
        c.body(docsPage(deps.config.apiKey), 200, {
          "Content-Type": "text/html; charset=utf-8",
          "Content-Security-Policy": DOCS_CSP,
          "X-Content-Type-Options": "nosniff",
          "Referrer-Policy": "no-referrer",
          "Cache-Control": "no-cache",
        }),
    ),
  );
  app.get("/api/docs/*", (c) => {
    const found = asset(c.req.path.slice("/api/docs/".length));
    if (!found) return c.text("Not found\n", 404);
    const headers: Record<string, string> = {
      "Content-Type": found.type,
      ETag: found.etag,
      "Cache-Control": "no-cache",
      Vary: "Accept-Encoding",
      "X-Content-Type-Options": "nosniff",
    };
    if (header(c, "if-none-match") === found.etag) return c.body(null, 304, headers);
    if (acceptedEncodings(header(c, "accept-encoding")).includes("gzip"))
      return c.body(new Uint8Array(found.gzip), 200, { ...headers, "Content-Encoding": "gzip" });
    return c.body(new Uint8Array(found.bytes), 200, headers);
  });
}
