/**
 * Customer and staff tokens: JWTs signed HS256 with the server secret (jose). Verification
 * (jwt.ts, node:crypto, synchronous) pins the algorithm and requires exp, iss, aud, sub and sid.
 *
 * Issuing a token starts a session (sessions.ts) and the token carries its `sid`; verifying a
 * token also checks that its session is live, so a signed-out token is refused everywhere.
 * Staff tokens live STAFF_IDLE_S and are renewed while the staff member is active, never past
 * the session's end (STAFF_SESSION_MAX_S after sign-in); customer tokens last the whole session.
 */
import { SignJWT } from "jose";
import type { Flow } from "../../lib/core/types.ts";
import { ApiFailure } from "../http/envelope.ts";
import { JwtRefused, verifyHs256 } from "./jwt.ts";
import {
  CUSTOMER_SESSION_S,
  type Session,
  type Sessions,
  STAFF_IDLE_S,
  STAFF_SESSION_MAX_S,
} from "./sessions.ts";

export const ISSUER = "nu-forms";
export const CUSTOMER_AUDIENCE = "nu-forms:customer";
export const STAFF_AUDIENCE = "nu-forms:staff";
export const CUSTOMER_TOKEN_TTL_S = CUSTOMER_SESSION_S;
/** A staff token's own lifetime: renewed while active, at most STAFF_SESSION_MAX_S in all. */
export const STAFF_TOKEN_TTL_S = STAFF_IDLE_S;
export { STAFF_SESSION_MAX_S };

const ALG = "HS256";
const AUDIENCES = [CUSTOMER_AUDIENCE, STAFF_AUDIENCE];
const SID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface SessionOf {
  sid: string;
  /** When the session itself ends (ms since the epoch). */
  sessionEndsMs: number;
}

export type Principal =
  | ({ kind: "customer"; email: string; flow: Flow } & SessionOf)
  | ({ kind: "staff"; staffId: string; role: string } & SessionOf);

/** A token whose signature and claims passed; its session still to be checked. */
export type UncheckedToken =
  | { kind: "customer"; sid: string; subject: string; email: string; flow: Flow }
  | { kind: "staff"; sid: string; subject: string; staffId: string; role: string };

export interface Tokens {
  /** A token of a new session (`sid`: its id, chosen by the caller, e.g. a one-time code's use). */
  customer(email: string, flow: Flow, sid?: string): Promise<string>;
  staff(staffId: string, role: string, sid?: string): Promise<string>;
  /**
   * A token of the session `sid`, which must be live and this subject's (SESSION_ENDED,
   * TOKEN_EXPIRED … otherwise): a lost sign-in answer given again, never a new session.
   */
  customerOf(sid: string, email: string, flow: Flow): Promise<string>;
  staffOf(sid: string, staffId: string, role: string): Promise<string>;
  /** A fresh staff token of the same session: STAFF_IDLE_S more, never past the session's end. */
  renewStaff(
    principal: Extract<Principal, { kind: "staff" }>,
  ): Promise<{ token: string; expiresAtMs: number }>;
  /** The principal of a valid token of a live session; ApiFailure UNAUTHENTICATED / TOKEN_EXPIRED / SESSION_ENDED otherwise. */
  verify(token: string): Promise<Principal>;
  /**
   * A valid token's claims, its session NOT checked yet: the caller must (sessions.check, or
   * cached/mark/accept in its own statement) before acting on it.
   */
  unchecked(token: string): UncheckedToken;
  /** The session subject of a customer e-mail (an HMAC: the sessions table keeps no address). */
  customerSubject(email: string): string;
}

export function createTokens(
  key: Uint8Array,
  sessions: Sessions,
  hmac: (purpose: string, value: string) => string,
  now: () => number = Date.now,
): Tokens {
  const customerSubject = (email: string) => hmac("session-subject", email);
  const signed = async (
    claims: Record<string, unknown>,
    sub: string,
    audience: string,
    session: Session,
    ttl: number,
  ) => {
    const iat = Math.floor(now() / 1000);
    const exp = Math.min(iat + ttl, Math.floor(session.expiresAtMs / 1000));
    const token = await new SignJWT({ ...claims, sid: session.sid })
      .setProtectedHeader({ alg: ALG, typ: "JWT" })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setSubject(sub)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(key);
    return { token, expiresAtMs: exp * 1000 };
  };
  const sign = async (...args: Parameters<typeof signed>) => (await signed(...args)).token;
  const unchecked = (token: string): UncheckedToken => {
    let payload: Record<string, unknown>;
    try {
      payload = verifyHs256(token, key, {
        issuer: ISSUER,
        audiences: AUDIENCES,
        nowS: Math.floor(now() / 1000),
      });
    } catch (error) {
      if (error instanceof JwtRefused && error.expired) throw new ApiFailure("TOKEN_EXPIRED");
      throw new ApiFailure("UNAUTHENTICATED");
    }
    const { aud, sid } = payload;
    const sub = String(payload.sub);
    if (typeof sid !== "string" || !SID.test(sid)) throw new ApiFailure("UNAUTHENTICATED");
    if (aud === CUSTOMER_AUDIENCE && (payload.flow === "nuform" || payload.flow === "recruitment"))
      return { kind: "customer", sid, subject: customerSubject(sub), email: sub, flow: payload.flow };
    if (aud === STAFF_AUDIENCE && typeof payload.role === "string")
      return { kind: "staff", sid, subject: sub, staffId: sub, role: payload.role };
    throw new ApiFailure("UNAUTHENTICATED");
  };
  return {
    customerSubject,
    async customer(email, flow, sid) {
      const session = await sessions.start("customer", customerSubject(email), sid);
      return sign({ flow }, email, CUSTOMER_AUDIENCE, session, CUSTOMER_TOKEN_TTL_S);
    },
    async staff(staffId, role, sid) {
      const session = await sessions.start("staff", staffId, sid);
      return sign({ role }, staffId, STAFF_AUDIENCE, session, STAFF_TOKEN_TTL_S);
    },
    async customerOf(sid, email, flow) {
      const session = await sessions.check(sid, "customer", customerSubject(email));
      return sign({ flow }, email, CUSTOMER_AUDIENCE, session, CUSTOMER_TOKEN_TTL_S);
    },
    async staffOf(sid, staffId, role) {
      const session = await sessions.check(sid, "staff", staffId);
      return sign({ role }, staffId, STAFF_AUDIENCE, session, STAFF_TOKEN_TTL_S);
    },
    async renewStaff(principal) {
      const session = await sessions.check(principal.sid, "staff", principal.staffId);
      return signed({ role: principal.role }, principal.staffId, STAFF_AUDIENCE, session, STAFF_TOKEN_TTL_S);
    },
    unchecked,
    async verify(token) {
      const claims = unchecked(token);
      const session = await sessions.check(claims.sid, claims.kind, claims.subject);
      const { subject: _subject, ...principal } = claims;
      return { ...principal, sessionEndsMs: session.expiresAtMs };
    },
  };
}
