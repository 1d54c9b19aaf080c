/**
 * The server's log: JSON lines (pino) with `level`, `time` and, for requests, `reqId`. Written
 * asynchronously to stdout so a slow log reader never stalls the event loop; lines still in the
 * buffer are flushed on a normal exit (a kill -9 may lose the last few log lines, never data).
 * What goes in is chosen by the caller: method, path without query string, status, time, names
 * and codes of errors. Never query strings, headers, bodies, tokens or personal data.
 */
import { pino } from "pino";

export type Logger = pino.Logger;

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

/** `write`: where each line goes instead of stdout (tests). */
export function createLogger(write?: (line: string) => void): Logger {
  const destination = write
    ? { write: (line: string) => write(line.trimEnd()) }
    : pino.destination({ dest: 1, sync: false });
  return pino(
    {
      base: undefined,
      timestamp: isoTimeOncePerMs,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
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
