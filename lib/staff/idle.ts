/**
 * When a staff page warns of, and performs, the automatic sign-out of an idle session, and when
 * activity renews the token. Pure: the page supplies the token and the time.
 * The times are the token's own `exp` on this device's clock, like the staff guard's check.
 */
import { STAFF_IDLE_MINUTES, tokenTimes } from "../core/staffToken.ts";

/** The warning shows this long before the token expires. */
export const IDLE_WARNING_MS = 2 * 60 * 1000;
/** Activity renews a token once it is this old (so an active staff member never sees the warning). */
export const RENEW_AFTER_MS = 5 * 60 * 1000;

export interface IdlePlan {
  /** When to show the warning (ms since the epoch). */
  warnAtMs: number;
  /** When the token expires and the page signs out. */
  endAtMs: number;
  /** The session's 12 hours cut this token short: renewing cannot extend it. */
  capped: boolean;
}

export function idlePlan(token: string | null | undefined): IdlePlan | null {
  const times = token ? tokenTimes(token) : null;
  if (!times) return null;
  const endAtMs = times.exp * 1000;
  return {
    warnAtMs: endAtMs - IDLE_WARNING_MS,
    endAtMs,
    capped: times.iat !== null && times.exp - times.iat < STAFF_IDLE_MINUTES * 60,
  };
}

/** Whether activity at `nowMs` should renew `token` (old enough, not expired, not capped). */
export function shouldRenew(token: string | null | undefined, nowMs: number): boolean {
  const times = token ? tokenTimes(token) : null;
  const plan = idlePlan(token);
  if (!times || times.iat === null || !plan || plan.capped) return false;
  return nowMs - times.iat * 1000 >= RENEW_AFTER_MS && nowMs < plan.endAtMs;
}

/** `m:ss` of a remaining time (never negative). */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}
