/**
 * The opt-out link of a lead: `/unsubscribe?t=<lead id>.<HMAC of the id>&lang=…`. The HMAC is
 * keyed by the server's secret (its own derived key), so a link cannot be made or changed for
 * another lead; it has no expiry (it works for as long as the lead is held) and it can do one
 * thing only: withdraw that lead's marketing consent.
 */
import { timingSafeEqual } from "node:crypto";
import type { Lang } from "../../lib/core/i18n/index.ts";
import type { Secrets } from "../auth/secret.ts";

const PURPOSE = "unsubscribe-link";
/** Lead references: letters and digits (lib/core/leadRef.ts), bounded. */
const LEAD_ID = /^[A-Za-z0-9]{1,40}$/;

export const UNSUBSCRIBE_PATH = "/unsubscribe";

export function unsubscribeToken(secrets: Secrets, leadId: string): string {
  return `${leadId}.${secrets.hmac(PURPOSE, leadId)}`;
}

/** The lead a token names, or null when it was not made by this server. */
export function leadOfToken(secrets: Secrets, token: string | undefined): string | null {
  if (token === undefined || token.length > 120) return null;
  const dot = token.indexOf(".");
  if (dot < 1) return null;
  const leadId = token.slice(0, dot);
  if (!LEAD_ID.test(leadId)) return null;
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(secrets.hmac(PURPOSE, leadId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? leadId : null;
}

export function unsubscribeUrl(secrets: Secrets, origin: string, leadId: string, lang: Lang): string {
  const t = encodeURIComponent(unsubscribeToken(secrets, leadId));
  return `${origin}${UNSUBSCRIBE_PATH}?t=${t}&lang=${lang}`;
}
