/**
 * The consent ledger (consent_events, migration 013): every marketing consent given or withdrawn,
 * with the version of the wording the customer answered (sha256 of the text in the language
 * shown), the channel and who. A lead's current marketing consent is its latest row; every write
 * here also sets `leads.details.consents.marketing` to it, in the same transaction.
 */
import { createHash } from "node:crypto";
import { type Lang, t } from "../../lib/core/i18n/index.ts";
import type { ConsentEvent } from "../../lib/core/leadDesk.ts";
import { iso, type Queryable } from "../db/db.ts";
import { emitEvent } from "./events.ts";

export type ConsentChannel = "form" | "unsubscribe" | "staff" | "admin" | "migration";

/** One ledger entry, as the lead desk and an access request show it (lib/core/leadDesk.ts). */
export type { ConsentEvent };

/** sha256 (hex) of the marketing consent's text in `lang`, as the forms show it. */
export function marketingWordingHash(lang: Lang): string {
  return createHash("sha256").update(t(lang, "flows.consent.marketing")).digest("hex");
}

/** One ledger row. */
export async function recordConsent(
  q: Queryable,
  row: {
    leadId: string;
    given: boolean;
    lang: Lang | null;
    channel: ConsentChannel;
    actor: string;
    atMs: number;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO consent_events (lead_id, purpose, given, wording_hash, lang, channel, actor, at)
     VALUES ($1, 'marketing', $2, $3, $4, $5, $6, $7)`,
    [
      row.leadId,
      row.given,
      // Only a form shows the wording; a withdrawal answers none.
      row.channel === "form" && row.lang ? marketingWordingHash(row.lang) : null,
      row.lang,
      row.channel,
      row.actor,
      new Date(row.atMs).toISOString(),
    ],
  );
}

/** The SQL of the ledger row a lead insert writes in its own statement (see createLead). */
export function consentInsertSql(
  leadCte: string,
  given: string,
  hash: string,
  lang: string,
  at: string,
): string {
  return `INSERT INTO consent_events (lead_id, purpose, given, wording_hash, lang, channel, actor, at)
    SELECT id, 'marketing', ${given}, ${hash}, ${lang}, 'form', 'customer', ${at} FROM ${leadCte}`;
}

type ConsentRow = Omit<ConsentEvent, "id" | "at"> & {
  id: string | number;
  at: Date | string;
  lead_id: string;
};

export function toConsentEvent(row: ConsentRow): ConsentEvent & { lead_id: string } {
  return {
    id: String(row.id),
    lead_id: row.lead_id,
    purpose: row.purpose,
    given: row.given,
    wording_hash: row.wording_hash,
    lang: row.lang,
    channel: row.channel,
    actor: row.actor,
    at: iso(row.at),
  };
}

export const CONSENT_COLUMNS = "id, lead_id, purpose, given, wording_hash, lang, channel, actor, at";

/** The ledger of these leads, oldest first. */
export async function consentHistory(
  q: Queryable,
  leadIds: string[],
): Promise<(ConsentEvent & { lead_id: string })[]> {
  const { rows } = await q.query<ConsentRow>(
    `SELECT ${CONSENT_COLUMNS} FROM consent_events WHERE lead_id = ANY($1::text[]) ORDER BY at, id`,
    [leadIds],
  );
  return rows.map(toConsentEvent);
}

export type Withdrawal = "withdrawn" | "already" | "not-held";

/**
 * Withdraws a lead's marketing consent (unsubscribe link, admin): a ledger row, the lead's
 * details, the `consent.withdrawn` event, in the caller's transaction. Idempotent: when the
 * ledger's latest word is already "no", nothing is written ("already"). An erased or unknown lead
 * is "not-held".
 */
export async function withdrawMarketing(
  tx: Queryable,
  opts: { leadId: string; channel: "unsubscribe" | "admin"; actor: string; nowMs: number },
): Promise<Withdrawal> {
  const { rows } = await tx.query<{ erased: boolean; given: boolean | null; lang: string | null }>(
    `SELECT l.erased_at IS NOT NULL AS erased,
       (SELECT c.given FROM consent_events c WHERE c.lead_id = l.id AND c.purpose = 'marketing'
         ORDER BY c.at DESC, c.id DESC LIMIT 1) AS given,
       l.details -> 'consents' ->> 'lang' AS lang
     FROM leads l WHERE l.id = $1 FOR UPDATE OF l`,
    [opts.leadId],
  );
  const lead = rows[0];
  if (!lead || lead.erased) return "not-held";
  if (lead.given === false) return "already";
  const at = new Date(opts.nowMs).toISOString();
  await recordConsent(tx, {
    leadId: opts.leadId,
    given: false,
    lang: lead.lang === "en" || lead.lang === "zh-HK" ? lead.lang : null,
    channel: opts.channel,
    actor: opts.actor,
    atMs: opts.nowMs,
  });
  await tx.query(
    `UPDATE leads SET details = jsonb_set(details, '{consents,marketing}', 'false'::jsonb), updated_at = $2
     WHERE id = $1`,
    [opts.leadId, at],
  );
  await emitEvent(
    tx,
    "consent.withdrawn",
    { lead_id: opts.leadId, purpose: "marketing", channel: opts.channel, at },
    opts.nowMs,
  );
  return "withdrawn";
}
