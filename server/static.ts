/**
 * The pages: the built host shell for every host route (404 status for unknown paths, which the
 * shell renders as its 404 page), its assets, the element bundle and the demo. HTML gets the
 * config <meta> tags and a strict CSP; with no build yet, HTML routes say how to make one.
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Context, Hono } from "hono";
import { BRAND_FIELDS } from "../lib/core/brand.ts";
import { isHostRoute } from "../lib/core/routes.ts";
import type { ServerConfig } from "./config.ts";
import type { AppEnv } from "./http/env.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] as string,
  );
}

function originOf(url: string): string | null {
  try {
    return /^https?:\/\//i.test(url) ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(config: ServerConfig): string {
  const connect = ["'self'", originOf(config.alsUrl), originOf(config.maintenanceUrl)].filter(
    (v, i, all): v is string => v !== null && all.indexOf(v) === i,
  );
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${["'self'", "data:", "blob:", originOf(config.brand.logoUrl)].filter(Boolean).join(" ")}`,
    `connect-src ${connect.join(" ")}`,
    "font-src 'self'",
    "worker-src 'self' blob:",
    "media-src 'self' blob: mediastream:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

export function configMeta(config: ServerConfig): string {
  const entries: [string, string][] = [
    ["nu-forms:api-base", "/api"],
    ["nu-forms:api-key", config.apiKey],
    ["nu-forms:als-url", config.alsUrl],
    ["nu-forms:maintenance-url", config.maintenanceUrl],
    ["nu-forms:maintenance-page-url", config.maintenancePageUrl],
    ...BRAND_FIELDS.map(([field, meta]): [string, string] => [`nu-brand:${meta}`, config.brand[field]]),
  ];
  return entries.map(([name, content]) => `<meta name="${name}" content="${escapeHtml(content)}">`).join("");
}

/** `rel` inside `root`, or null for anything that would leave it. */
function safeJoin(root: string, rel: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rel);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.split(/[\\/]/).some((part) => part === "..")) return null;
  const full = path.resolve(root, `.${path.posix.sep}${decoded}`);
  return full.startsWith(root + path.sep) ? full : null;
}

async function readFileOrNull(file: string): Promise<Buffer | null> {
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) return null;
    return await fs.readFile(file);
  } catch {
    return null;
  }
}

export function staticRoutes(app: Hono<AppEnv>, config: ServerConfig): void {
  const hostsDir = path.join(config.distDir, "hosts");
  const elementsDir = path.join(config.distDir, "elements");
  const csp = contentSecurityPolicy(config);
  const meta = configMeta(config);

  function htmlHeaders(c: Context<AppEnv>): void {
    c.header("Content-Security-Policy", csp);
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    c.header("Permissions-Policy", "camera=(self), microphone=(), geolocation=()");
    c.header("Cache-Control", "no-cache");
  }

  async function html(c: Context<AppEnv>, file: string, status: 200 | 404): Promise<Response> {
    const bytes = await readFileOrNull(file);
    if (!bytes) {
      return c.text(
        "nu-forms: the pages are not built yet. Run `npm run build`, then start the server again.\n",
        503,
      );
    }
    const page = bytes
      .toString("utf8")
      .replace("<title>nu-forms</title>", `<title>${escapeHtml(config.brand.name)}</title>`)
      .replace(/<\/head>/i, `${meta}</head>`);
    htmlHeaders(c);
    return c.html(page, status);
  }

  /** Files under `root` for paths under `prefix`; `immutable` for content-hashed names. */
  function files(prefix: string, root: string, opts: { immutable?: boolean; htmlFiles?: boolean } = {}) {
    return async (c: Context<AppEnv>) => {
      const file = safeJoin(root, c.req.path.slice(prefix.length));
      if (!file) return c.text("Not found\n", 404);
      const ext = path.extname(file).toLowerCase();
      if (opts.htmlFiles && ext === ".html") return html(c, file, 200);
      const bytes = await readFileOrNull(file);
      if (!bytes) return c.text("Not found\n", 404);
      const etag = `"${createHash("sha1").update(bytes).digest("base64url")}"`;
      c.header("ETag", etag);
      c.header("X-Content-Type-Options", "nosniff");
      c.header("Cache-Control", opts.immutable ? "public, max-age=31536000, immutable" : "no-cache");
      if (c.req.header("if-none-match") === etag) return c.body(null, 304);
      c.header("Content-Type", TYPES[ext] ?? "application/octet-stream");
      return c.body(new Uint8Array(bytes), 200);
    };
  }

  app.get("/elements/*", files("/elements/", elementsDir));
  app.get("/assets/*", files("/assets/", path.join(hostsDir, "assets"), { immutable: true }));
  app.get("/demo", (c) => c.redirect("/demo/", 301));
  app.get("/demo/", (c) => html(c, path.join(config.demoDir, "index.html"), 200));
  app.get("/demo/widgets", (c) => html(c, path.join(config.demoDir, "widgets.html"), 200));
  app.get("/demo/*", files("/demo/", config.demoDir, { htmlFiles: true }));
  app.get("*", (c) => html(c, path.join(hostsDir, "index.html"), isHostRoute(c.req.path) ? 200 : 404));
}
