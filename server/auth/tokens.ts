/**
 * Customer and staff tokens: JWTs signed HS256 with the server secret. Verification pins the
 * algorithm and requires exp, iss, aud and sub (jose accepts a token without exp otherwise).
 */
import { errors, jwtVerify, SignJWT } from "jose";
import type { Flow } from "../../lib/core/types.ts";
import { ApiFailure } from "../http/envelope.ts";

export const ISSUER = "nu-forms";
export const CUSTOMER_AUDIENCE = "nu-forms:customer";
export const STAFF_AUDIENCE = "nu-forms:staff";
export const CUSTOMER_TOKEN_TTL_S = 2 * 60 * 60;
export const STAFF_TOKEN_TTL_S = 12 * 60 * 60;
const ALG = "HS256";

export type Principal =
  | { kind: "customer"; email: string; flow: Flow }
  | { kind: "staff"; staffId: string; role: string };

export interface Tokens {
  customer(email: string, flow: Flow): Promise<string>;
  staff(staffId: string, role: string): Promise<string>;
  /** The principal of a valid token; ApiFailure UNAUTHENTICATED / TOKEN_EXPIRED otherwise. */
  verify(token: string): Promise<Principal>;
}

export function createTokens(key: Uint8Array, now: () => number = Date.now): Tokens {
  const sign = (claims: Record<string, unknown>, sub: string, audience: string, ttl: number) => {
    const iat = Math.floor(now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: ALG, typ: "JWT" })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setSubject(sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttl)
      .sign(key);
  };
  return {
    customer: (email, flow) => sign({ flow }, email, CUSTOMER_AUDIENCE, CUSTOMER_TOKEN_TTL_S),
    staff: (staffId, role) => sign({ role }, staffId, STAFF_AUDIENCE, STAFF_TOKEN_TTL_S),
    async verify(token) {
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(token, key, {
          algorithms: [ALG],
          issuer: ISSUER,
          audience: [CUSTOMER_AUDIENCE, STAFF_AUDIENCE],
          requiredClaims: ["exp", "iss", "aud", "sub"],
          currentDate: new Date(now()),
        }));
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw new ApiFailure("TOKEN_EXPIRED");
        throw new ApiFailure("UNAUTHENTICATED");
      }
      const aud = payload.aud;
      const sub = String(payload.sub);
      if (aud === CUSTOMER_AUDIENCE && (payload.flow === "nuform" || payload.flow === "recruitment")) {
        return { kind: "customer", email: sub, flow: payload.flow };
      }
      if (aud === STAFF_AUDIENCE && typeof payload.role === "string") {
        return { kind: "staff", staffId: sub, role: payload.role };
      }
      throw new ApiFailure("UNAUTHENTICATED");
    },
  };
}
