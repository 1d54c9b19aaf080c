/**
 * The servers of the engines suite: the ALS playback, the real server on the built dist/ (its own
 * in-memory database), and in front of it a small proxy on another free port that the browsers
 * talk to. The proxy passes everything through, except that it
 * - puts page-helpers.js at the top of every HTML page's <head> (WebKitWebDriver has no console
 *   access and no init scripts; a same-origin script file is what the pages' CSP allows),
 * - serves /__engines/frame.html, a page holding a narrow same-origin iframe (MiniBrowser's window
 *   is never narrower than 447 px),
 * - fails the next download(s) of a path on request (`failNext`): the connection is cut, as on a
 *   phone that lost the network, which works the same in every engine.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { resolve } from "node:path";
import { pgliteTemplateFile } from "../../server/test/harness.ts";
import { freePort } from "../support/server.ts";

const repoRoot = resolve(import.meta.dirname, "../..");
const HELPERS = readFileSync(resolve(import.meta.dirname, "page-helpers.js"), "utf8");

export { freePort };

function startChild(args: string[], env: Record<string, string>, ready: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((done, fail) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      fail(new Error(`${args[0]} did not start:\n${output}`));
    }, 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) {
        clearTimeout(timer);
        child.removeAllListeners("exit");
        done(child);
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`${args[0]} exited with ${code}:\n${output}`));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once("exit", () => done());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5000).unref();
  });
}

export interface Servers {
  /** The proxy's origin: what the browsers open. */
  url: string;
  /** The real server's own origin (the API helpers talk to it directly). */
  serverUrl: string;
  alsUrl: string;
  /** Cut the connection of the next `times` requests whose path (without query) is `path`. */
  failNext(path: string, times?: number): void;
  /** Paths (with query) the proxy was asked for since the last call. */
  takeRequests(): string[];
  stop(): Promise<void>;
}

export async function startServers(): Promise<Servers> {
  const [alsPort, serverPort, proxyPort] = [await freePort(), await freePort(), await freePort()];
  const alsUrl = `http://127.0.0.1:${alsPort}/lookup`;
  const proxyOrigin = `http://127.0.0.1:${proxyPort}`;
  const als = await startChild(
    ["e2e/support/als-playback.ts"],
    { ALS_PORT: String(alsPort) },
    "ALS playback listening",
  );
  const server = await startChild(
    ["server/main.ts"],
    {
      PORT: String(serverPort),
      HOST: "127.0.0.1",
      DATABASE_URL: "memory://",
      // Migrated and seeded once (server/test/harness.ts), not once per engine.
      PGLITE_TEMPLATE: await pgliteTemplateFile("demo"),
      ALS_URL: alsUrl,
      APP_ENV: "prod",
      ALLOWED_ORIGINS: proxyOrigin,
    },
    "nu-forms listening on",
  );
  const failures = new Map<string, number>();
  let seen: string[] = [];
  const proxy: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", proxyOrigin);
    seen.push(url.pathname + url.search);
    if (url.pathname === "/__engines/page-helpers.js") {
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" });
      return res.end(HELPERS);
    }
    if (url.pathname === "/__engines/frame.html") {
      const width = Number(url.searchParams.get("width") ?? 390);
      const src = url.searchParams.get("src") ?? "/";
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      return res.end(
        `<!doctype html><meta charset="utf-8"><title>frame</title><body style="margin:0">` +
          `<iframe id="frame" title="page" src="${src.replace(/"/g, "&quot;")}" style="border:0;width:${width}px;height:780px"></iframe>`,
      );
    }
    const left = failures.get(url.pathname) ?? 0;
    if (left > 0) {
      failures.set(url.pathname, left - 1);
      req.socket.destroy();
      return;
    }
    const wantsHtml = (req.headers.accept ?? "").includes("text/html");
    const headers = { ...req.headers, host: `127.0.0.1:${serverPort}` };
    // HTML is rewritten here: ask for it uncompressed.
    if (wantsHtml) delete headers["accept-encoding"];
    const upstream = request(
      { host: "127.0.0.1", port: serverPort, path: req.url, method: req.method, headers },
      (answer) => {
        const type = String(answer.headers["content-type"] ?? "");
        if (!type.startsWith("text/html") || answer.headers["content-encoding"]) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const page = Buffer.concat(chunks)
            .toString("utf8")
            .replace(/<head[^>]*>/i, (head) => `${head}<script src="/__engines/page-helpers.js"></script>`);
          const out = { ...answer.headers };
          delete out["content-length"];
          delete out.etag;
          res.writeHead(answer.statusCode ?? 502, out);
          res.end(page);
        });
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((done) => proxy.listen(proxyPort, "127.0.0.1", done));
  return {
    url: proxyOrigin,
    serverUrl: `http://127.0.0.1:${serverPort}`,
    alsUrl,
    failNext(path, times = 1) {
      failures.set(path, times);
    },
    takeRequests() {
      const out = seen;
      seen = [];
      return out;
    },
    async stop() {
      proxy.closeAllConnections();
      await new Promise((done) => proxy.close(done));
      await Promise.all([stopChild(server), stopChild(als)]);
    },
  };
}
