/**
 * What one delivery attempt's result means (docs/webhooks.md): delivered, try again later (and
 * when), failed, or stopped. `decideOutcome` is the one place it is decided; a metrics counter of
 * outcomes belongs there.
 */

/** What came back from one attempt. */
export type AttemptResult =
  | {
      kind: "answered";
      status: number;
      retryAfter: string | null;
      excerpt: string | null;
      durationMs: number;
    }
  | {
      kind: "error";
      /** `timeout`, `connection` (refused, reset, DNS), or `address` (refused by the SSRF rules). */
      reason: "timeout" | "connection" | "address";
      detail: string;
      durationMs: number;
    };

export type Outcome =
  | { state: "delivered" }
  | { state: "pending"; nextAtMs: number }
  | { state: "failed" }
  | { state: "stopped" };

/** Retries end this long after the delivery's window opened (its fan-out, or an admin's retry). */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The wait after the 1st, 2nd, … failed attempt; the last one repeats until the window ends. */
export const BACKOFF_MS = [
  5_000,
  30_000,
  2 * 60_000,
  10 * 60_000,
  30 * 60_000,
  60 * 60_000,
  2 * 60 * 60_000,
  4 * 60 * 60_000,
  8 * 60 * 60_000,
];

/** Retry-After as seconds or an HTTP date, in ms from now; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

function retryable(result: AttemptResult): boolean {
  if (result.kind === "error") return result.reason !== "address";
  const { status } = result;
  return status === 408 || status === 429 || status >= 500;
}

export function decideOutcome(
  result: AttemptResult,
  attempt: { attempts: number; windowFromMs: number; nowMs: number },
): Outcome {
  if (result.kind === "answered" && result.status >= 200 && result.status < 300)
    return { state: "delivered" };
  if (result.kind === "answered" && result.status === 410) return { state: "stopped" };
  if (!retryable(result)) return { state: "failed" };
  const backoff = BACKOFF_MS[Math.min(attempt.attempts, BACKOFF_MS.length) - 1];
  const asked = result.kind === "answered" ? retryAfterMs(result.retryAfter, attempt.nowMs) : undefined;
  // The receiver's Retry-After is honoured as given (at least a second), within the window.
  const wait = asked === undefined ? backoff : Math.max(1000, asked);
  const nextAtMs = attempt.nowMs + wait;
  if (nextAtMs > attempt.windowFromMs + RETRY_WINDOW_MS) return { state: "failed" };
  return { state: "pending", nextAtMs };
}
