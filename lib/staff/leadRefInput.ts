/**
 * Turning what staff scan or type into a lead reference. The customer's member-redemption QR code
 * holds the plain reference (`NU4K7P2QXM`); a code holding a URL with `?id=` / `?leadId=` (a printed
 * staff link) is read too, so staff never have to care which one they were shown.
 */
import { isLeadRef, normaliseLeadRef } from "../core/leadRef.ts";

/** The canonical lead reference in `text`, or null. */
export function leadRefFrom(text: string): string | null {
  const direct = normaliseLeadRef(text);
  if (isLeadRef(direct)) return direct;
  try {
    const url = new URL(text.trim());
    for (const key of ["id", "leadId"]) {
      const value = url.searchParams.get(key);
      if (value && isLeadRef(normaliseLeadRef(value))) return normaliseLeadRef(value);
    }
  } catch {
    // not a URL
  }
  return null;
}
