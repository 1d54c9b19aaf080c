import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { paced, responseLength } from "./paced.ts";

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A loopback server; `answer` gets each request's path and body and the time it arrived. */
async function serve(
  answer: (path: string, body: string, res: http.ServerResponse) => void,
): Promise<string> {
  const listening = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => answer(req.url ?? "", body, res));
  });
  server = listening;
  await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
}

describe("paced load", () => {
  it("sends every request, in order, with its body, spread over the duration rather than in a burst", async () => {
    const arrivals: { body: string; at: number }[] = [];
    const url = await serve((_path, body, res) => {
      arrivals.push({ body, at: performance.now() });
      res.writeHead(200).end("{}");
    });
    const result = await paced(
      url,
      (i) => ({
        method: "POST",
        path: "/lead",
        headers: { "content-type": "application/json" },
        body: `{"n":${i}}`,
      }),
      { rate: 200, duration: 0.5, connections: 4 },
    );
    expect(result).toMatchObject({ sent: 100, answered: 100, non2xx: 0, errors: 0 });
    expect(new Set(arrivals.map((a) => a.body)).size).toBe(100);
    expect(arrivals[0].body).toBe('{"n":0}');
    // Request 99 is due 495 ms after request 0: a sender that bursts would be done in a few ms.
    expect(arrivals[99].at - arrivals[0].at).toBeGreaterThan(450);
  });

  it("charges the queueing a slow server causes: latency runs from when a request was due", async () => {
    // One connection, 20 ms per answer: 50/s at most, offered 100/s for 0.3 s (30 requests).
    const url = await serve((_path, _body, res) => {
      setTimeout(() => res.writeHead(200).end("{}"), 20);
    });
    const result = await paced(url, () => ({ method: "GET", path: "/slow", headers: {} }), {
      rate: 100,
      duration: 0.3,
      connections: 1,
    });
    expect(result.answered).toBe(30);
    // The last request waits for the 29 before it (≥ 580 ms of answers) but was due at 290 ms.
    expect(result.latency.max).toBeGreaterThan(250);
    expect(result.latency.p50).toBeGreaterThan(20);
    expect(result.achievedRate).toBeLessThan(60);
  });

  it("counts answers that are not 2xx", async () => {
    const url = await serve((path, _body, res) => {
      res.writeHead(path === "/missing" ? 404 : 200).end();
    });
    const result = await paced(url, (i) => ({ method: "GET", path: i % 2 ? "/missing" : "/", headers: {} }), {
      rate: 100,
      duration: 0.2,
      connections: 2,
    });
    expect(result).toMatchObject({ sent: 20, answered: 20, non2xx: 10, errors: 0 });
  });

  it("counts a request whose connection is lost as an error, and goes on on the others", async () => {
    const url = await serve((path, _body, res) => {
      if (path === "/drop") res.socket?.destroy();
      else res.writeHead(200).end();
    });
    const result = await paced(url, (i) => ({ method: "GET", path: i === 3 ? "/drop" : "/", headers: {} }), {
      rate: 100,
      duration: 0.2,
      connections: 2,
    });
    expect(result).toMatchObject({ sent: 20, answered: 19, non2xx: 0, errors: 1 });
  });

  it("reads an answer's end from Content-Length or chunks, and waits for the rest", () => {
    const sized = Buffer.from("HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\n{}HTTP/1.1");
    expect(responseLength(sized)).toEqual({ length: sized.length - 8, status: 201 });
    expect(responseLength(sized.subarray(0, 40))).toBeUndefined();
    const chunked = Buffer.from(
      "HTTP/1.1 404 Not Found\r\ntransfer-encoding: chunked\r\n\r\n5\r\n0\r\n\r\n\r\n0\r\n\r\n",
    );
    expect(responseLength(chunked)).toEqual({ length: chunked.length, status: 404 });
    expect(responseLength(chunked.subarray(0, chunked.length - 2))).toBeUndefined();
    const empty = Buffer.from("HTTP/1.1 204 No Content\r\n\r\n");
    expect(responseLength(empty)).toEqual({ length: empty.length, status: 204 });
  });
});
