/**
 * The browser's own check of a staff token's `exp` claim (docs/rules.md#staff). It only decides routing;
 * the server verifies the signature on every call.
 */
export type StaffTokenCheck = true | false | "error";

/** A staff token lives this long unless renewed; a sign-in lasts STAFF_SESSION_HOURS at most. */
export const STAFF_IDLE_MINUTES = 30;
export const STAFF_SESSION_HOURS = 12;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodeBase64Url(part: string): string | null {
  if (!BASE64URL.test(part) || part.length % 4 === 1) return null;
  const base64 = part
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(part.length / 4) * 4, "=");
  try {
    const binary = atob(base64);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

const seconds = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : null;

/** `exp` and `iat` (seconds, iat null when absent) of a JWT, or null when it has no numeric exp. */
export function tokenTimes(token: string): { exp: number; iat: number | null } | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const json = decodeBase64Url(parts[1]);
  if (json === null) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof payload !== "object" || payload === null) return null;
  const { exp, iat } = payload as { exp?: unknown; iat?: unknown };
  const expS = seconds(exp);
  return expS === null ? null : { exp: expS, iat: seconds(iat) };
}

/** The `exp` claim (seconds) of a JWT, or null when the token cannot be decoded. */
export function tokenExpiry(token: string): number | null {
  return tokenTimes(token)?.exp ?? null;
}

/**
 * true: a token whose `exp` has not passed (exp exactly now is still valid); false: no token, or
 * expired (now > exp); 'error': not a decodable JWT with a numeric `exp`.
 */
export function checkStaffToken(
  token: string | null | undefined,
  nowMs: number = Date.now(),
): StaffTokenCheck {
  if (!token) return false;
  const exp = tokenExpiry(token);
  if (exp === null) return "error";
  return nowMs <= exp * 1000;
}
