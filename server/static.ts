/**
 * The pages: the built host shell for every host route (404 status for unknown paths, which the
 * shell renders as its 404 page), its assets, the element bundle and the demo. HTML gets the
 * config <meta> tags, a strict CSP and the customer pages' first frame (server/html.ts); with no
 * build yet, HTML routes say how to make one.
 */

import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import { cors } from "hono/cors";
import { etag, RETAINED_304_HEADERS } from "hono/etag";
import { secureHeaders } from "hono/secure-headers";
import type { FirstPaint } from "../lib/core/firstPaint.ts";
import { firstStepName } from "../lib/core/hostPage.ts";
import { staffLang } from "../lib/core/i18n/host/shell.ts";
import type { Lang } from "../lib/core/i18n/index.ts";
import { isHostRoute, NUFORM_BASE, RECRUITMENT_BASE } from "../lib/core/routes.ts";
import type { ServerConfig } from "./config.ts";
import { flowOfPath, pageLang, writePage } from "./html.ts";
import type { AppEnv } from "./http/env.ts";

/** `rel` inside `root`, or null for anything that would leave it (the demo's HTML files). */
function safeJoin(root: string, rel: string): string | null {
  if (rel.includes("\0") || rel.split(/[\\/]/).some((part) => part === "..")) return null;
  const full = path.resolve(root, `.${path.posix.sep}${rel}`);
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

const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/** The encodings the request accepts (`q=0` refuses one), best first. */
export function acceptedEncodings(header: string | undefined): ("br" | "gzip")[] {
  const accepted = new Set<string>();
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [token, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    accepted.add(token.trim());
  }
  return ENCODINGS.map((e) => e.name).filter((name) => accepted.has(name) || accepted.has("*"));
}

const HTML_CACHE_LIMIT = 64;
/** Compressed HTML pages by ETag: the pages are few and change only with a build. */
const compressedHtml = new Map<string, Buffer>();

function compressHtml(page: Buffer, etag: string, encoding: "br" | "gzip"): Buffer {
  const key = `${etag}:${encoding}`;
  let bytes = compressedHtml.get(key);
  if (!bytes) {
    bytes =
      encoding === "br"
        ? brotliCompressSync(page, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } })
        : gzipSync(page, { level: 9 });
    if (compressedHtml.size >= HTML_CACHE_LIMIT) compressedHtml.clear();
    compressedHtml.set(key, bytes);
  }
  return bytes;
}

const etagOf = (bytes: Buffer | string) => `"${createHash("sha1").update(bytes).digest("base64url")}"`;

const fileEtags = new Map<string, { size: number; mtimeMs: number; etag: string }>();
/**
 * A file's ETag: the hash of its bytes (the same on every instance serving the same build, one
 * per representation), made once per file and version (size, modification time). Left to the
 * `etag` middleware, every answer's bytes were hashed again: that cost more CPU than sending them.
 */
function fileEtag(file: string): string {
  const stat = statSync(file);
  const known = fileEtags.get(file);
  if (known && known.size === stat.size && known.mtimeMs === stat.mtimeMs) return known.etag;
  const etag = etagOf(readFileSync(file));
  if (fileEtags.size >= FILE_ETAG_LIMIT) fileEtags.clear();
  fileEtags.set(file, { size: stat.size, mtimeMs: stat.mtimeMs, etag });
  return etag;
}
const FILE_ETAG_LIMIT = 4096;

/**
 * secureHeaders with every header off: its defaults are a page's (frame, opener, referrer, HSTS
 * …); the HTML pages write their own policy (htmlHeaders), and HSTS is the request log's
 * (only behind an https PUBLIC_ORIGIN).
 */
const NO_SECURE_HEADERS = {
  contentSecurityPolicy: undefined,
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xContentTypeOptions: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const;

export function staticRoutes(app: Hono<AppEnv>, config: ServerConfig): void {
  const hostsDir = path.join(config.distDir, "hosts");
  const elementsDir = path.join(config.distDir, "elements");
  const hostIndex = path.join(hostsDir, "index.html");

  /**
   * What the page's element needs first, to preload: the entry everywhere,
   * and the first step's chunks on the customer and staff routes (dist/elements/first-steps.json,
   * written by the element build), so they download in parallel with the host shell.
   */
  async function firstStepFiles(pagePath: string, lang: Lang): Promise<string[]> {
    const tag = pagePath.startsWith(NUFORM_BASE)
      ? "nu-form"
      : pagePath.startsWith(RECRUITMENT_BASE)
        ? "nu-recruitment-form"
        : pagePath.startsWith("/staff")
          ? "nu-staff-login"
          : null;
    let files = ["nu-forms.js"];
    const manifest = tag ? await readFileOrNull(path.join(elementsDir, "first-steps.json")) : null;
    if (tag && manifest) {
      try {
        const lists = JSON.parse(manifest.toString("utf8")) as Record<string, string[]>;
        // An English page's element waits for English texts instead; a flow's element here has a
        // `step`, so the brand pages' sign-in stand-in never runs (build/first-steps.ts).
        const name = firstStepName(tag, lang);
        files = lists[`${name} host`] ?? lists[name] ?? lists[tag] ?? files;
      } catch {
        // A broken manifest only costs the preloads.
      }
    }
    return files.map((file) => `/elements/${file}`);
  }

  /**
   * The host pages' chunks a route loads beyond the shell (dist/hosts/route-chunks.json, written by
   * the host build: the staff pages; home, maintenance and 404), to preload on that route's URLs.
   */
  async function routeChunkFiles(route: "/staff" | "/site"): Promise<string[]> {
    const list = await readFileOrNull(path.join(hostsDir, "route-chunks.json"));
    try {
      return list ? ((JSON.parse(list.toString("utf8")) as Record<string, string[]>)[route] ?? []) : [];
    } catch {
      return []; // A broken list only costs the preload.
    }
  }

  /**
   * What a host page preloads of the host's own chunks (its page's), and what it prefetches: a
   * flow or staff page fetches home's chunk at low priority after its first paint (server/html.ts),
   * so the brand link (to home) does not blank the page while it loads.
   */
  async function hostChunks(pagePath: string): Promise<{ preload: string[]; prefetch: string[] }> {
    if (flowOfPath(pagePath)) return { preload: [], prefetch: await routeChunkFiles("/site") };
    if (pagePath.startsWith("/staff/")) {
      return { preload: await routeChunkFiles("/staff"), prefetch: await routeChunkFiles("/site") };
    }
    return { preload: await routeChunkFiles("/site"), prefetch: [] };
  }

  /**
   * The build's pictures of the first paint (dist/hosts/first-paint.json: server/html.ts), read
   * again when the build writes a new one.
   */
  let firstPaint: { mtime: number; paint: FirstPaint | null } = { mtime: -1, paint: null };
  async function readFirstPaint(): Promise<FirstPaint | null> {
    const file = path.join(hostsDir, "first-paint.json");
    const mtime = await fs.stat(file).then(
      (stat) => stat.mtimeMs,
      () => 0,
    );
    if (mtime !== firstPaint.mtime) {
      const bytes = mtime ? await readFileOrNull(file) : null;
      let paint: FirstPaint | null = null;
      try {
        paint = bytes ? (JSON.parse(bytes.toString("utf8")) as FirstPaint) : null;
      } catch {
        // A broken file only costs the first paint's frame: the shell draws the page.
      }
      firstPaint = { mtime, paint };
    }
    return firstPaint.paint;
  }

  function htmlHeaders(c: Context<AppEnv>, csp: string): void {
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
    const host = file === hostIndex;
    // The staff pages are in zh-HK or English only, by the visitor's choice: a counter tablet's
    // browser language does not pick it (staff work in Hong Kong; Chinese first).
    const staff = /^\/staff(\/|$)/i.test(c.req.path);
    const asked = host ? pageLang(getCookie(c), staff ? "" : c.req.header("accept-language")) : "zh-HK";
    const lang = staff ? staffLang(asked) : asked;
    const { page: text, csp } = writePage(bytes.toString("utf8"), {
      config,
      pathname: c.req.path,
      host,
      lang,
      paint: host ? await readFirstPaint() : null,
      chunks: host ? await hostChunks(c.req.path) : { preload: [], prefetch: [] },
      firstStepFiles: await firstStepFiles(c.req.path, lang),
    });
    const page = Buffer.from(text);
    htmlHeaders(c, csp);
    const etag = etagOf(page);
    c.header("ETag", etag);
    // The host pages follow the language cookie, else Accept-Language (pageLang).
    c.header("Vary", host ? "Accept-Encoding, Cookie, Accept-Language" : "Accept-Encoding");
    c.header("Content-Type", "text/html; charset=utf-8");
    const [encoding] = acceptedEncodings(c.req.header("accept-encoding"));
    if (!encoding) return c.body(new Uint8Array(page), status);
    c.header("Content-Encoding", encoding);
    return c.body(new Uint8Array(compressHtml(page, etag, encoding)), status);
  }

  /**
   * Files under `root` for paths under `prefix` (@hono/node-server's serveStatic: its MIME types,
   * its guard against paths leaving `root`), precompressed (.br, .gz beside the file, written by
   * the build) when the request accepts it. `immutable` for content-hashed names; the rest is
   * revalidated with its ETag (the `etag` middleware below). Range requests are served too.
   */
  function files(
    prefix: string,
    root: string,
    opts: { immutable?: (rel: string) => boolean; htmlFiles?: boolean } = {},
  ) {
    const serve = serveStatic<AppEnv>({
      precompressed: true,
      // The path relative to the working directory, as serveStatic documents its paths.
      rewriteRequestPath: (requested) =>
        path.relative(process.cwd(), path.join(root, requested.slice(prefix.length))),
      onFound: (file, c) => {
        // Also when the file is sent as it is: a cache must not answer a gzip request with brotli bytes.
        c.header("Vary", "Accept-Encoding");
        c.header("ETag", fileEtag(file));
        c.header(
          "Cache-Control",
          opts.immutable?.(c.req.path.slice(prefix.length))
            ? "public, max-age=31536000, immutable"
            : "no-cache",
        );
      },
    });
    const notFound = (c: Context<AppEnv>) => c.text("Not found\n", 404);
    return async (c: Context<AppEnv>) => {
      const rel = c.req.path.slice(prefix.length);
      const ext = path.extname(rel).toLowerCase();
      if (opts.htmlFiles && ext === ".html") {
        const file = safeJoin(root, rel);
        return file ? html(c, file, 200) : notFound(c);
      }
      if (ext === ".br" || ext === ".gz") return notFound(c);
      // Source maps are for development: production does not hand out the source.
      if (ext === ".map" && config.production) return notFound(c);
      return (await serve(c, async () => {})) ?? notFound(c);
    };
  }

  // These middlewares come after the API's routes, which answer without calling `next`: they
  // run for the pages and files only.
  /**
   * Every page and file is revalidated by its ETag (Hono's `etag`: 304, `If-None-Match` lists and
   * weak forms): one per representation, hashed from the bytes sent unless the route set one (the
   * HTML pages: from the page before compression, with `Vary`). CORS and CORP stay on a 304.
   */
  app.use(
    "*",
    etag({
      retainedHeaders: [
        ...RETAINED_304_HEADERS,
        "access-control-allow-origin",
        "cross-origin-resource-policy",
        "x-content-type-options",
      ],
    }),
  );
  app.use("*", secureHeaders({ ...NO_SECURE_HEADERS, xContentTypeOptions: true }));
  /**
   * Module scripts are fetched in CORS mode, so every brand site (any origin, or none: a sandboxed
   * or `about:blank` page) is answered with `Access-Control-Allow-Origin: *` (Hono's `cors`), and
   * may embed them (`Cross-Origin-Resource-Policy: cross-origin`). The code is public and sent
   * without credentials; what guards the API is the API's own origin check (ALLOWED_ORIGINS,
   * http/middleware.ts).
   */
  app.use("/elements/*", cors({ origin: "*", allowMethods: ["GET", "HEAD"] }));
  app.use("/elements/*", secureHeaders({ ...NO_SECURE_HEADERS, crossOriginResourcePolicy: "cross-origin" }));

  const favicon = files("/", hostsDir);
  // The chunks' names carry their content hash; nu-forms.js keeps its name and is revalidated.
  const hashed = (rel: string) => rel.startsWith("chunks/");
  app.get("/favicon.svg", favicon);
  app.get("/favicon.ico", (c) => c.redirect("/favicon.svg", 301));
  app.get("/elements/*", files("/elements/", elementsDir, { immutable: hashed }));
  app.get("/assets/*", files("/assets/", path.join(hostsDir, "assets"), { immutable: () => true }));
  if (config.production) {
    // The demo brand's pages (a live form under a made-up brand, a sample privacy text) are not
    // for real customers: production answers 404 for them like any unknown path. Only the images
    // stay, which the demo brand's logo and the sample products point at.
    app.get("/demo/img/*", files("/demo/img/", path.join(config.demoDir, "img")));
  } else {
    app.get("/demo", (c) => c.redirect("/demo/", 301));
    app.get("/demo/", (c) => html(c, path.join(config.demoDir, "index.html"), 200));
    app.get("/demo/widgets", (c) => html(c, path.join(config.demoDir, "widgets.html"), 200));
    app.get("/demo/*", files("/demo/", config.demoDir, { htmlFiles: true }));
  }
  app.get("*", (c) => html(c, hostIndex, isHostRoute(c.req.path) ? 200 : 404));
}
