/**
 * Verifying our own HS256 tokens with node:crypto, synchronously. jose verifies through WebCrypto:
 * an asynchronous job on the thread pool with a key import and a buffer transfer per call, about
 * ten times the cost of the HMAC itself, paid on every authenticated request. Signing stays with
 * jose (tokens.ts). The rules are jose's for the options tokens.ts used: the algorithm pinned
 * (`alg` must be HS256; `none`, other algorithms and any `crit` are refused), the signature
 * compared in constant time, and exp, iss, aud, sub and sid required, with exp and nbf checked
 * against the server's clock.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export type Claims = Record<string, unknown>;

/** Why a token was refused: `expired` is the only outcome a caller tells apart. */
export class JwtRefused extends Error {
  override readonly name = "JwtRefused";
  constructor(readonly expired = false) {
    super(expired ? "token expired" : "token refused");
  }
}

const SEGMENT = /^[A-Za-z0-9_-]+$/;
const SIGNATURE_BYTES = 32;

function jsonObject(segment: string): Claims {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
  } catch {
    throw new JwtRefused();
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new JwtRefused();
  return value as Claims;
}

export interface VerifyOptions {
  issuer: string;
  audiences: readonly string[];
  /** Seconds since the epoch. */
  nowS: number;
}

/** The last header segment that passed `checkHeader` (every token we sign has the same one). */
let acceptedHeader = "";

function checkHeader(header64: string): void {
  if (header64 === acceptedHeader) return;
  const header = jsonObject(header64);
  if (header.alg !== "HS256" || "crit" in header || "b64" in header) throw new JwtRefused();
  if (header.typ !== undefined && header.typ !== "JWT") throw new JwtRefused();
  acceptedHeader = header64;
}

export function verifyHs256(token: string, key: Uint8Array, opts: VerifyOptions): Claims {
  const parts = token.split(".");
  if (parts.length !== 3 || !parts.every((p) => SEGMENT.test(p))) throw new JwtRefused();
  const [header64, payload64, signature64] = parts;
  checkHeader(header64);
  const signature = Buffer.from(signature64, "base64url");
  const expected = createHmac("sha256", key).update(`${header64}.${payload64}`).digest();
  if (signature.length !== SIGNATURE_BYTES || !timingSafeEqual(signature, expected)) throw new JwtRefused();

  const claims = jsonObject(payload64);
  const { exp, nbf, iat, iss, aud, sub, sid } = claims;
  if (typeof exp !== "number" || !Number.isFinite(exp)) throw new JwtRefused();
  if (nbf !== undefined && (typeof nbf !== "number" || nbf > opts.nowS)) throw new JwtRefused();
  if (iat !== undefined && typeof iat !== "number") throw new JwtRefused();
  if (iss !== opts.issuer) throw new JwtRefused();
  const audiences = typeof aud === "string" ? [aud] : Array.isArray(aud) ? aud : [];
  if (!audiences.some((a) => opts.audiences.includes(a))) throw new JwtRefused();
  if (typeof sub !== "string" || sid === undefined) throw new JwtRefused();
  // Checked last, as jose does: a forged or foreign token is "refused", never "expired".
  if (exp <= opts.nowS) throw new JwtRefused(true);
  return claims;
}
