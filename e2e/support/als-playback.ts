/**
 * A loopback stand-in for the government Address Lookup Service: it replays the real recorded
 * answers in fixtures/als/ (the real service is not reachable from tests).
 *
 * Query routing (case-insensitive on `q`):
 *   amoy / 淘大                → amoy-gardens-block-p.json
 *   都會 / metropolis / 紅磡   → hung-hom-metropolis-drive-6.json
 *   focal / 富高               → focal-industrial-centre-en-zh.json
 *   starts with "slow"         → the same routing for the rest of the text, answered after 1500 ms
 *   fail                       → HTTP 500
 *   anything else              → { SuggestedAddress: [] }
 * `n` limits the number of suggestions. GET /__requests lists the requests seen (q, n, headers);
 * DELETE /__requests forgets them.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const fixturesDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../fixtures/als");

const load = (file: string) => JSON.parse(readFileSync(resolve(fixturesDir, file), "utf8"));

const ROUTES: Array<[RegExp, string]> = [
  [/amoy|淘大/i, "amoy-gardens-block-p.json"],
  [/都會|metropolis|紅磡/i, "hung-hom-metropolis-drive-6.json"],
  [/focal|富高/i, "focal-industrial-centre-en-zh.json"],
];

export interface RecordedRequest {
  q: string;
  n: string | null;
  accept: string | undefined;
  acceptLanguage: string | undefined;
  at: number;
}

export function answerFor(q: string): { status: number; delayMs: number; body: unknown } {
  let text = q.trim();
  let delayMs = 0;
  if (/^slow/i.test(text)) {
    delayMs = 1500;
    text = text.replace(/^slow\s*/i, "");
  }
  if (/fail/i.test(text)) return { status: 500, delayMs, body: { error: "recorded failure" } };
  const route = ROUTES.find(([pattern]) => pattern.test(text));
  const body = route ? load(route[1]) : { RequestAddress: { AddressLine: [q] }, SuggestedAddress: [] };
  return { status: 200, delayMs, body };
}

export function startAlsPlayback(port: number): Promise<Server> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const cors = {
      "access-control-allow-origin": "*",
      "access-control-allow-headers": "accept, accept-language, content-type",
    };
    if (req.method === "OPTIONS") {
      res.writeHead(204, cors).end();
      return;
    }
    if (url.pathname === "/__requests") {
      if (req.method === "DELETE") requests.length = 0;
      res.writeHead(200, { ...cors, "content-type": "application/json" }).end(JSON.stringify(requests));
      return;
    }
    if (url.pathname !== "/lookup") {
      res.writeHead(404, cors).end();
      return;
    }
    const q = url.searchParams.get("q") ?? "";
    const n = url.searchParams.get("n");
    requests.push({
      q,
      n,
      accept: req.headers.accept,
      acceptLanguage: req.headers["accept-language"],
      at: Date.now(),
    });
    const answer = answerFor(q);
    const limit = Number(n ?? 200);
    const body = answer.body as { SuggestedAddress?: unknown[] };
    if (Array.isArray(body.SuggestedAddress)) {
      body.SuggestedAddress = body.SuggestedAddress.slice(0, Number.isFinite(limit) ? limit : 200);
    }
    setTimeout(() => {
      res
        .writeHead(answer.status, { ...cors, "content-type": "application/json; charset=utf-8" })
        .end(JSON.stringify(body));
    }, answer.delayMs);
  });
  return new Promise((done) => server.listen(port, "127.0.0.1", () => done(server)));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.ALS_PORT ?? 8182);
  startAlsPlayback(port).then(() => console.log(`ALS playback listening on http://127.0.0.1:${port}/lookup`));
  const stop = () => process.exit(0);
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
