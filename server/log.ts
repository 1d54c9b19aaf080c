/**
 * The server's log: JSON lines (pino) with `level`, `time` and, for requests, `reqId`. Written
 * asynchronously to stdout so a slow log reader never stalls the event loop, in batches: lines
 * are gathered until LOG_BATCH_BYTES or LOG_FLUSH_MS, whichever comes first (one write per line
 * cost a system call and a thread-pool round trip per request, see docs/performance.md). Lines
 * still in the buffer are written on a normal stop (`flushLog`); a kill -9 may lose the last
 * LOG_FLUSH_MS of log lines, never data.
 * What goes in is chosen by the caller: method, path without query string, status, time, names
 * and codes of errors. Never query strings, headers, bodies, tokens or personal data; pino's
 * redaction (LOG_REDACT) censors those fields should a caller ever pass one.
 */
import { pino } from "pino";

type SonicBoom = ReturnType<typeof pino.destination>;

export type Logger = pino.Logger;

/** Fields that must never reach the log in clear (top level: what the callers pass is flat). */
export const LOG_REDACT = [
  "email",
  "phone",
  "password",
  "code",
  "token",
  "authorization",
  "cookie",
  "headers",
  "body",
  "query",
];

let lastMs = 0;
let lastTime = "";
/** pino's `isoTime`, formatted once per millisecond (formatting every line showed in the profile). */
function isoTimeOncePerMs(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastTime = `,"time":"${new Date(ms).toISOString()}"`;
  }
  return lastTime;
}

/** Log lines gathered before one write to stdout (characters) … */
export const LOG_BATCH_BYTES = 8 * 1024;
/** … or at most this long (ms). */
export const LOG_FLUSH_MS = 100;

interface Destination {
  write(text: string): void;
  /** pino's `logger.flush(cb)` calls this: everything gathered is written before `cb`. */
  flush(cb?: (error?: Error) => void): void;
}

/**
 * Lines gathered in an array and handed to `out` as one string per batch. (sonic-boom's own
 * `minLength` measures its whole pending buffer with `Buffer.byteLength` on every line, which
 * showed in the profile once lines were gathered there.)
 */
export function batched(out: Pick<SonicBoom, "write" | "flushSync">): Destination {
  let lines: string[] = [];
  let chars = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (lines.length === 0) return;
    const text = lines.join("");
    lines = [];
    chars = 0;
    out.write(text);
  };
  return {
    write(line) {
      lines.push(line);
      chars += line.length;
      if (chars >= LOG_BATCH_BYTES) flush();
      else if (timer === undefined) timer = setTimeout(flush, LOG_FLUSH_MS).unref();
    },
    flush(cb) {
      try {
        flush();
        out.flushSync();
      } catch (error) {
        // stdout gone or not ready: nothing more can be written.
        cb?.(error as Error);
        return;
      }
      cb?.();
    },
  };
}

/**
 * `write`: where each line goes instead of stdout (tests); `traceId`: the current trace's id, put
 * in every line as `trace_id` (only when tracing is on: no cost otherwise).
 */
export function createLogger(write?: (line: string) => void, traceId?: () => string | undefined): Logger {
  const destination = write
    ? { write: (line: string) => write(line.trimEnd()) }
    : batched(pino.destination({ dest: 1, sync: false }));
  return pino(
    {
      base: undefined,
      timestamp: isoTimeOncePerMs,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: LOG_REDACT, censor: "[redacted]" },
      ...(traceId
        ? {
            mixin() {
              const id = traceId();
              return id === undefined ? {} : { trace_id: id };
            },
          }
        : {}),
    },
    destination,
  );
}

/** Writes the lines still gathered, synchronously (a stop, before the process exits). */
export function flushLog(logger: Logger): void {
  logger.flush();
}

/** The access log's line for one request. */
export function logRequest(
  logger: Logger,
  reqId: string,
  method: string,
  path: string,
  status: number,
  ms: number,
): void {
  logger.info({ reqId, method, path, status, ms });
}

let counter = 0;
const PROCESS_TAG = Math.floor(Math.random() * 36 ** 6)
  .toString(36)
  .padStart(6, "0");

/**
 * A request id: the caller's `X-Request-Id` when it is a plain token (a proxy's), otherwise
 * this process's tag and a counter — unique per process, no clock or randomness per request.
 */
export function requestId(given: string | undefined): string {
  if (given !== undefined && /^[A-Za-z0-9._:-]{1,64}$/.test(given)) return given;
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `${PROCESS_TAG}-${counter.toString(36)}`;
}
