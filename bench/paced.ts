/**
 * An open-loop load at a fixed rate, for "p99 at that rate": request i is due at start + i / rate
 * whatever became of the ones before it, and its latency runs from when it was due, so a server
 * that falls behind is charged the queueing it causes. autocannon's `overallRate` cannot say this:
 * each connection sends its quota for the second back to back, then waits for the next second, so
 * every second starts with a burst at full saturation.
 *
 * Like autocannon (and wrk2), it writes each request's bytes, made before the clock starts, on
 * raw keep-alive sockets, one request at a time each, and reads only the status and the length of
 * the answer: Node's HTTP client costs several times the CPU per request, on the same cores as
 * the server, and its allocations put the load generator's own pauses into the p99.
 */
import net from "node:net";
import { performance } from "node:perf_hooks";

export interface PacedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface PacedResult {
  /** Requests due (rate × duration), and those answered (any status). */
  sent: number;
  answered: number;
  /** Answered per second over the time from the first due request to the last answer. */
  achievedRate: number;
  non2xx: number;
  /** Requests not answered: a connection lost, or still waiting 10 s after the last was due. */
  errors: number;
  latency: { average: number; p50: number; p99: number; max: number };
}

export interface PacedOptions {
  /** Requests per second. */
  rate: number;
  /** Seconds. */
  duration: number;
  /** Keep-alive connections (a due request waits for a free one, and that wait counts). */
  connections: number;
}

const DRAIN_MS = 10_000;
const HEADER_END = Buffer.from("\r\n\r\n");

function encode(r: PacedRequest, host: string): Buffer {
  const body = r.body === undefined ? Buffer.alloc(0) : Buffer.from(r.body);
  const headers = Object.entries({ host, ...r.headers, "content-length": String(body.length) })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return Buffer.concat([Buffer.from(`${r.method} ${r.path} HTTP/1.1\r\n${headers}\r\n`), body]);
}

/**
 * The length of the first whole HTTP/1.1 response in `buf` and its status, or undefined while it
 * is incomplete. Bodies by Content-Length or chunked (no trailers), or none.
 */
export function responseLength(buf: Buffer): { length: number; status: number } | undefined {
  const headerEnd = buf.indexOf(HEADER_END);
  if (headerEnd < 0) return undefined;
  const head = buf.toString("latin1", 0, headerEnd);
  const status = Number(head.slice(9, 12));
  let at = headerEnd + 4;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) {
    const end = at + Number(length[1]);
    return end <= buf.length ? { length: end, status } : undefined;
  }
  if (!/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) return { length: at, status };
  for (;;) {
    const lineEnd = buf.indexOf("\r\n", at);
    if (lineEnd < 0) return undefined;
    const size = Number.parseInt(buf.toString("latin1", at, lineEnd), 16);
    at = lineEnd + 2 + size + 2;
    if (at > buf.length) return undefined;
    if (size === 0) return { length: at, status };
  }
}

/** `requests(i)` gives request i; all are encoded before the clock starts. */
export async function paced(
  url: string,
  requests: (i: number) => PacedRequest,
  { rate, duration, connections }: PacedOptions,
): Promise<PacedResult> {
  const count = Math.round(rate * duration);
  const target = new URL(url);
  const prepared = Array.from({ length: count }, (_, i) => encode(requests(i), target.host));
  const latencies = new Float64Array(count).fill(Number.NaN);
  let non2xx = 0;
  let lastAnswer = 0;
  let written = 0;
  let settled = 0;
  let start = 0;
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const dueAt = (i: number) => start + (i * 1000) / rate;
  const dueNow = () => Math.min(count, Math.floor(((performance.now() - start) * rate) / 1000) + 1);

  interface Connection {
    socket: net.Socket;
    /** The request awaiting its answer, or -1. */
    current: number;
    buf: Buffer;
  }
  const settle = () => {
    if (++settled === count) finish();
  };
  const dispatch = (c: Connection) => {
    if (c.current >= 0 || written >= dueNow() || c.socket.destroyed) return;
    c.current = written++;
    c.socket.write(prepared[c.current]);
  };
  const open = () =>
    new Promise<Connection>((resolve, reject) => {
      const socket = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true });
      const c: Connection = { socket, current: -1, buf: Buffer.alloc(0) };
      let connected = false;
      socket.once("connect", () => {
        connected = true;
        resolve(c);
      });
      // Before the connection: the run cannot start. After: "close" follows and counts the loss.
      socket.on("error", (error) => {
        if (!connected) reject(error);
      });
      socket.on("data", (chunk: Buffer) => {
        c.buf = c.buf.length ? Buffer.concat([c.buf, chunk]) : chunk;
        const answer = responseLength(c.buf);
        if (!answer || c.current < 0) return;
        lastAnswer = performance.now();
        latencies[c.current] = lastAnswer - dueAt(c.current);
        if (answer.status < 200 || answer.status >= 300) non2xx++;
        c.buf = c.buf.subarray(answer.length);
        c.current = -1;
        settle();
        dispatch(c);
      });
      // A request on a lost connection is unanswered (an error); the others go on.
      socket.on("close", () => {
        if (c.current >= 0) {
          c.current = -1;
          settle();
        }
      });
    });
  const pool = await Promise.all(Array.from({ length: connections }, open));

  start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    for (const c of pool) dispatch(c);
    if (written < count) timer = setTimeout(tick, 1);
  };
  tick();
  const late = setTimeout(finish, duration * 1000 + DRAIN_MS);
  await finished;
  clearTimeout(late);
  clearTimeout(timer);
  for (const c of pool) c.socket.destroy();

  // Typed arrays sort numerically.
  const answered = latencies.filter((l) => !Number.isNaN(l)).sort();
  const at = (q: number) =>
    answered.length
      ? answered[Math.min(answered.length - 1, Math.ceil(q * answered.length) - 1)]
      : Number.NaN;
  const sum = answered.reduce((a, b) => a + b, 0);
  return {
    sent: count,
    answered: answered.length,
    achievedRate: answered.length / ((Math.max(lastAnswer, start + 1) - start) / 1000),
    non2xx,
    errors: count - answered.length,
    latency: { average: sum / (answered.length || 1), p50: at(0.5), p99: at(0.99), max: at(1) },
  };
}
