/**
 * A small reverse proxy for the deployment example (docs/deploy.md): round-robin over the given
 * instances, sets X-Forwarded-For itself (so instances may run with TRUST_PROXY=1), sends a
 * GET to the next instance when one refuses the connection. For trying a multi-instance setup on one machine; in
 * production use your load balancer (nginx, HAProxy, a cloud LB) with the same rules.
 *
 *   node --import tsx scripts/proxy.ts --port 8080 http://127.0.0.1:8081 http://127.0.0.1:8082
 */
import http from "node:http";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  options: { port: { type: "string", default: "8080" }, host: { type: "string", default: "127.0.0.1" } },
  allowPositionals: true,
});
const upstreams = positionals.map((u) => new URL(u));
if (upstreams.length === 0) {
  console.error("usage: proxy.ts [--port 8080] <instance URL> [<instance URL> …]");
  process.exit(2);
}

let next = 0;

function forward(req: http.IncomingMessage, res: http.ServerResponse, tries: number): void {
  const target = upstreams[next++ % upstreams.length];
  const upstream = http.request(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      // The client's own X-Forwarded-For is replaced, never trusted.
      headers: { ...req.headers, "x-forwarded-for": req.socket.remoteAddress ?? "" },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on("error", (error: NodeJS.ErrnoException) => {
    // Only a request without a body can be sent again: a body already read cannot be replayed.
    const replayable = req.method === "GET" || req.method === "HEAD";
    if (error.code === "ECONNREFUSED" && replayable && tries < upstreams.length && !res.headersSent) {
      forward(req, res, tries + 1);
      return;
    }
    if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
    res.end("Bad gateway\n");
  });
  req.pipe(upstream);
}

const server = http.createServer((req, res) => forward(req, res, 1));
server.listen(Number(values.port), values.host, () => {
  console.log(`proxy on http://${values.host}:${values.port} → ${upstreams.map(String).join(", ")}`);
});
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => server.close(() => process.exit(0)));
