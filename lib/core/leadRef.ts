/**
 * Lead references: `NU` + 8 Crockford base-32 characters (`NU4K7P2QXM`), upper case. Crockford's
 * alphabet has no I, L, O or U, so a reference read aloud or typed from a printout survives the
 * usual mix-ups (O→0, I/L→1 on normalising).
 */
export const LEAD_REF_PREFIX = "NU";
export const LEAD_REF_BODY_LENGTH = 8;
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const LEAD_REF = /^NU[0-9A-HJKMNP-TV-Z]{8}$/;

/** Trims, upper-cases, drops spaces and hyphens, and maps O→0, I/L→1 in the body. */
export function normaliseLeadRef(text: string): string {
  const compact = text.trim().toUpperCase().replace(/[\s-]/g, "");
  if (!compact.startsWith(LEAD_REF_PREFIX)) return compact;
  const body = compact.slice(LEAD_REF_PREFIX.length).replace(/O/g, "0").replace(/[IL]/g, "1");
  return LEAD_REF_PREFIX + body;
}

/** Whether `text` is a lead reference in its canonical form (normalise typed text first). */
export function isLeadRef(text: string): boolean {
  return LEAD_REF.test(text);
}

/** A new random lead reference (crypto.getRandomValues; 32 divides 256, so no modulo bias). */
export function newLeadRef(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(LEAD_REF_BODY_LENGTH));
  return LEAD_REF_PREFIX + Array.from(bytes, (b) => CROCKFORD[b % 32]).join("");
}
