/**
 * Lead references: `NU` + 8 Crockford base-32 characters (`NU4K7P2QXM`), upper case. Crockford's
 * alphabet has no I, L, O or U, so a reference read aloud or typed from a printout survives the
 * usual mix-ups (O→0, I/L→1 on normalising).
 */
import { halfWidth } from "./halfWidth.ts";

export const LEAD_REF_PREFIX = "NU";
export const LEAD_REF_BODY_LENGTH = 8;
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const LEAD_REF = /^NU[0-9A-HJKMNP-TV-Z]{8}$/;

/**
 * Half-width (`ＮＵ４Ｋ…` from a Chinese keyboard reads as `NU4K…`), trimmed, upper case, spaces and
 * hyphens dropped, and O→0, I/L→1 in the body.
 */
export function normaliseLeadRef(text: string): string {
  const compact = halfWidth(text).trim().toUpperCase().replace(/[\s-]/g, "");
  if (!compact.startsWith(LEAD_REF_PREFIX)) return compact;
  const body = compact.slice(LEAD_REF_PREFIX.length).replace(/O/g, "0").replace(/[IL]/g, "1");
  return LEAD_REF_PREFIX + body;
}

/** Whether `text` is a lead reference in its canonical form (normalise typed text first). */
export function isLeadRef(text: string): boolean {
  return LEAD_REF.test(text);
}

/** Random bytes drawn for this many references at a time (one getRandomValues call per draw). */
const REFS_PER_DRAW = 64;
let randomPool = new Uint8Array(0);
let poolAt = 0;

/**
 * A new random lead reference (crypto.getRandomValues, each byte used once; 32 divides 256, so
 * no modulo bias). The bytes are drawn for 64 references at once: a call per reference showed in
 * the profile of lead creation.
 */
export function newLeadRef(): string {
  if (poolAt + LEAD_REF_BODY_LENGTH > randomPool.length) {
    randomPool = crypto.getRandomValues(new Uint8Array(LEAD_REF_BODY_LENGTH * REFS_PER_DRAW));
    poolAt = 0;
  }
  let ref = LEAD_REF_PREFIX;
  for (let i = 0; i < LEAD_REF_BODY_LENGTH; i++) ref += CROCKFORD[randomPool[poolAt++] % 32];
  return ref;
}
