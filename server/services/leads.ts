/**
 * Leads: one per (e-mail, flow). Customers create and change their own; staff read any (phone
 * and e-mail masked unless an admin asks for `full=1`) and may change them, except the consents;
 * every change is recorded in `lead_changes` (who, when, which fields). The identity
 * columns are id, flow and e-mail; everything else of the lead is the `details` document.
 */

import { lastRedemptionDay } from "../../lib/core/dates.ts";
import { newLeadRef } from "../../lib/core/leadRef.ts";
import { isValidPhone } from "../../lib/core/lists/phoneCodes.ts";
import type { LeadCreateInput, LeadPatchInput } from "../../lib/core/schemas.ts";
import type { Flow, Lead, Redemption, RedemptionOffer } from "../../lib/core/types.ts";
import { SESSION_ROW_SQL, type SessionRow, sessionLiveSql } from "../auth/sessions.ts";
import type { Principal } from "../auth/tokens.ts";
import type { Queryable } from "../db/db.ts";
import { iso, pgCode } from "../db/db.ts";
import type { Deps } from "../deps.ts";
import type { CustomerWriter, PendingSession } from "../http/auth.ts";
import { ApiFailure, type Envelope } from "../http/envelope.ts";
import { recordAudit } from "./audit.ts";
import { consentInsertSql, marketingWordingHash, recordConsent } from "./consents.ts";
import { recordConsents } from "./customerTexts.ts";
import type { EventData } from "./eventSchemas.ts";
import { emitEvent, eventBody, eventInsertSql, newEventId } from "./events.ts";
import { type Answer, requestHash, storedAnswer } from "./idempotency.ts";
import type { ReferenceLists } from "./lists.ts";
import { type MailLang, type MailOffer, mailLang } from "./mailTexts.ts";
import { unsubscribeUrl } from "./unsubscribeLink.ts";

/** Channel of migration 008's triggers: the payload is the id of the lead that changed. */
export const LEADS_CHANNEL = "nu_forms_leads";
/** Leads held per instance (a lead is about 1 KiB); the oldest go first. */
export const LEAD_CACHE_LIMIT = 20_000;

type Details = Omit<Lead, "id" | "flow" | "email" | "redemptions" | "created_at" | "updated_at">;

export interface LeadRow {
  id: string;
  flow: Flow;
  email: string;
  details: Details;
  created_at: Date | string;
  updated_at: Date | string;
}

const EMPTY_DETAILS: Omit<Details, "last_name" | "first_name" | "phone_code" | "phone" | "consents"> = {
  residence: "HK",
  address: null,
  address_en: null,
  address_cn: null,
  tnc: null,
  partner: null,
  product_id: null,
  clinic_id: null,
  baby: null,
};

export function toLead(row: LeadRow, redemptions: Redemption[]): Lead {
  return {
    id: row.id,
    flow: row.flow,
    email: row.email,
    ...EMPTY_DETAILS,
    ...row.details,
    redemptions,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** A lead as webhooks carry it (docs/webhooks.md): the whole record but its redemptions. */
function leadEventData(lead: Lead): EventData<"lead.created"> {
  const { redemptions: _own, ...fields } = lead;
  return { lead_id: lead.id, lead: fields };
}

export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

export function maskPhone(phone: string): string {
  return phone.length <= 4 ? "****" : `${"*".repeat(phone.length - 4)}${phone.slice(-4)}`;
}

/**
 * Product, clinic and hospital ids must name something in the lists (held in memory). The lists
 * are fetched before any transaction: on PGlite a read outside the open transaction would wait
 * for it to end.
 */
async function referenceCheck(lists: ReferenceLists, fields: Partial<Details>): Promise<() => void> {
  const [products, clinics, hospitals] = await Promise.all([
    fields.product_id ? lists.products() : undefined,
    fields.clinic_id ? lists.clinics() : undefined,
    fields.baby ? lists.hospitals(fields.baby.hospital_type) : undefined,
  ]);
  return () => {
    if (fields.product_id && !products?.ids.has(fields.product_id))
      throw new ApiFailure("VALIDATION_FAILED", { field: "product_id" });
    if (fields.clinic_id && !clinics?.ids.has(fields.clinic_id))
      throw new ApiFailure("VALIDATION_FAILED", { field: "clinic_id" });
    if (fields.baby && !hospitals?.ids.has(fields.baby.hospital_id))
      throw new ApiFailure("VALIDATION_FAILED", { field: "baby.hospital_id" });
  };
}

function detailsOf(input: Partial<LeadCreateInput>): Partial<Details> {
  const { flow: _flow, email: _email, page_url: _page, ...details } = input as LeadCreateInput;
  return details;
}

/**
 * The flow's offer in the mail's language, as the confirmation names it (a Simplified Chinese
 * mail takes the Traditional text when the operator published none in zh-Hans).
 */
function offerFor(
  offers: readonly RedemptionOffer[],
  flow: Flow,
  lang: MailLang,
  registeredAt: string,
): MailOffer | null {
  const inLang = (l: string) => offers.find((o) => o.flow === flow && o.lang === l);
  const offer = inLang(lang) ?? (lang === "zh-Hans" ? inLang("zh-HK") : undefined);
  if (!offer) return null;
  return {
    gift: offer.gift,
    places: offer.places,
    lastDay: lastRedemptionDay(registeredAt, offer.valid_days),
  };
}

/**
 * POST /api/lead: the customer's own lead for the token's flow, at most once per idempotency key.
 * One statement does it all: with a key, a CTE claims the key, storing the answer computed
 * beforehand (the new lead is fully known: id, details, time), and inserts the lead only if the
 * claim succeeded. A duplicate lead fails the whole statement (unique violation), so no key is
 * left claimed for an answer that was never given. When this instance has not seen the
 * customer's session yet (`pending`: signed in through another instance, or before a restart),
 * the same statement reads it and writes only if it is live; the row read is then checked and
 * remembered as `sessions.check` would have (SESSION_ENDED, TOKEN_EXPIRED …).
 */
export async function createLead(
  deps: Deps,
  customer: CustomerWriter,
  input: LeadCreateInput,
  idempotencyKey: string | undefined,
  pending?: PendingSession,
  /**
   * Where the customer sees their member QR code again (named in the confirmation mail): the page
   * they enrolled on when allowed, else this server's page of the flow.
   */
  memberUrl = "",
  /** The origin of the opt-out link in the confirmation mail. */
  origin = "",
): Promise<Answer> {
  if (input.email !== customer.email) throw new ApiFailure("FORBIDDEN", { field: "email" });
  if (input.flow !== customer.flow) throw new ApiFailure("FORBIDDEN", { field: "flow" });
  const nowMs = deps.now();
  // Document versions, offers and reference lists from memory: the write below is the only statement.
  const [versions, offers] = await Promise.all([deps.lists.documentVersions(), deps.lists.offers()]);
  // The language the consent was shown in; a client that does not say is taken as the default.
  const lang = input.consents.lang ?? "zh-HK";
  const details = {
    ...detailsOf(input),
    consents: { ...recordConsents(versions, input.consents, nowMs), lang },
  };
  (await referenceCheck(deps.lists, details))();
  const at = new Date(nowMs).toISOString();
  const detailsJson = JSON.stringify(details);
  // As the database will hold it (undefined fields gone), so the answer equals a later read.
  const stored = JSON.parse(detailsJson) as Details;
  const ref =
    idempotencyKey === undefined
      ? undefined
      : // The customer by the HMAC sessions name them by (the token's, already made): no e-mail
        // address kept in the key's row.
        {
          scope: `lead:${customer.subject}`,
          key: idempotencyKey,
          // The page it was sent from is not part of the request: a retry from another page is the same.
          hash: requestHash({ ...input, page_url: undefined }),
        };
  const sql = createLeadSql(ref !== undefined, pending !== undefined);
  // The confirmation mail (reference, member page) is written by the same statement as the lead:
  // a replayed or refused create mails nothing, and a written lead always has its mail.
  for (let attempt = 0; attempt < 5; attempt++) {
    const id = newLeadRef();
    const lead = toLead(
      { id, flow: input.flow, email: input.email, details: stored, created_at: at, updated_at: at },
      [],
    );
    const body: Envelope = { Code: 200, Message: "OK", Data: [lead] };
    // One JSON text for the stored answer and the answer sent.
    const json = JSON.stringify(body);
    const params: unknown[] = [id, input.flow, input.email, detailsJson, at];
    if (ref) params.push(ref.scope, ref.key, ref.hash, json);
    if (pending) params.push(pending.sid, pending.subject);
    const optOut = unsubscribeUrl(deps.secrets, origin, id, lang);
    const mail = deps.mailer.confirmation({
      kind: "lead-confirmation",
      to: input.email,
      lang: mailLang(lang),
      reference: id,
      memberUrl,
      offer: offerFor(offers, input.flow, mailLang(lang), at),
      unsubscribeUrl: optOut,
    });
    params.push(
      mailLang(lang),
      mail.subject,
      mail.text,
      mail.html,
      optOut,
      input.consents.marketing,
      marketingWordingHash(lang),
      lang,
      newEventId(),
      JSON.stringify(eventBody("lead.created", leadEventData(lead), nowMs)),
    );
    try {
      const { rows } = await deps.db.query<SessionRow & { written: string | null }>(sql, params);
      if (pending)
        deps.sessions.accept(pending.sid, "customer", pending.subject, rows[0] ?? null, pending.mark, nowMs);
      if (rows.length === 1 && (pending === undefined || rows[0].written !== null)) {
        void deps.mailer.flush();
        deps.webhooks.wake();
        return { status: 200, body, json, replayed: false };
      }
      if (ref === undefined) throw new Error("lead insert wrote nothing");
      return await storedAnswer(deps.db, ref);
    } catch (error) {
      // The key already made this customer's lead and the body changed since (the answer to the
      // first try was lost, then the customer changed something): the lead is there, and the
      // client goes on as for any lead that exists (docs/flows.md), not stuck on a conflict.
      const conflict = error instanceof ApiFailure && error.code === "IDEMPOTENCY_CONFLICT";
      if (!conflict && pgCode(error) !== "23505") throw error;
      const existing = await deps.db.query<{ id: string }>(
        "SELECT id FROM leads WHERE email = $1 AND flow = $2",
        [input.email, input.flow],
      );
      if (existing.rows[0]) throw new ApiFailure("LEAD_EXISTS", { data: [{ id: existing.rows[0].id }] });
      if (conflict) throw error;
      // Otherwise the random id was taken: draw another.
    }
  }
  throw new Error("no free lead id after 5 draws");
}

/**
 * The lead insert: $1–$5 the lead (id, flow, e-mail, details, time); with a key $6–$9 its claim
 * (scope, key, request hash, answer); with a session to check, $10–$11 (or $6–$7) its sid and
 * subject; then the confirmation mail (language, subject, text, HTML) and its opt-out link, queued in the outbox with
 * the lead; the marketing consent's ledger row (given, wording hash, language); last the id and
 * body of its `lead.created` webhook event, written with it too. Without a
 * session to check, one row (the lead's id) when written. With one, one row
 * (the session, and the lead's id when it was written: a join, as `count(*)` over
 * the CTE cost PGlite twice the whole statement) when the session exists, none otherwise.
 */
function createLeadSql(withKey: boolean, checkSession: boolean): string {
  const index = (withKey ? 2 : 0) + (checkSession ? 1 : 0);
  leadSql[index] ??= buildLeadSql(withKey, checkSession);
  return leadSql[index];
}
/** The four statements, made once (building one showed in the profile of every new lead). */
const leadSql: string[] = [];

function buildLeadSql(withKey: boolean, checkSession: boolean): string {
  const lead = `INSERT INTO leads (id, flow, email, details, created_at, updated_at)
    SELECT $1, $2, $3, $4::jsonb, $5, $5`;
  const claim = (
    from: string,
  ) => `INSERT INTO idempotency_keys (scope, key, request_hash, status, response, created_at)
    SELECT $6, $7, $8, 200, $9::jsonb, $5 ${from} ON CONFLICT (scope, key) DO NOTHING RETURNING key`;
  const next = 5 + (withKey ? 4 : 0) + (checkSession ? 2 : 0);
  const [mailLanguage, mailSubject, mailText, html, optOut, given, hash, lang, eventId, eventPayload] = [
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
  ].map((i) => `$${next + i}`);
  const mail = `mail AS (INSERT INTO outbox (to_addr, mail_to, kind, lang, subject, text, html, created_at, lead_id,
      unsubscribe_url)
    SELECT $3, $3, 'lead-confirmation', ${mailLanguage}, ${mailSubject}, ${mailText}, ${html}, $5, id, ${optOut} FROM lead),
    consent AS (${consentInsertSql("lead", `${given}::boolean`, hash, lang, "$5::timestamptz")}), ${eventInsertSql(
      "event",
      "lead.created",
      { id: eventId, payload: `${eventPayload}::jsonb`, at: "$5", from: "lead" },
    )}`;
  if (!checkSession) {
    const write = withKey
      ? `claim AS (${claim("")}), lead AS (${lead} FROM claim RETURNING id)`
      : `lead AS (${lead} RETURNING id)`;
    return `WITH ${write}, ${mail} SELECT id FROM lead`;
  }
  const sid = withKey ? "$10" : "$6";
  const subject = withKey ? "$11" : "$7";
  const live = `FROM s WHERE ${sessionLiveSql("'customer'", subject, "$5")}`;
  const write = withKey
    ? `claim AS (${claim(live)}), lead AS (${lead} FROM claim RETURNING id)`
    : `lead AS (${lead} ${live} RETURNING id)`;
  return `WITH s AS (SELECT ${SESSION_ROW_SQL} FROM auth_sessions WHERE sid = ${sid}), ${write}, ${mail}
    SELECT ${SESSION_ROW_SQL}, lead.id AS written FROM s LEFT JOIN lead ON true`;
}

/** The redemptions of lead `l` as a JSON array (oldest first), for a select list. */
export const REDEMPTIONS_OF_L = `coalesce((SELECT json_agg(json_build_object('kind', r.kind, 'staff_id', r.staff_id,
    'staff_name', r.staff_name, 'note', r.note, 'redeemed_at', r.redeemed_at) ORDER BY r.redeemed_at)
  FROM redemptions r WHERE r.lead_id = l.id), '[]'::json)`;

/** Redemptions as json_agg gives them, with ISO times. */
export function redemptionsOf(rows: Redemption[]): Redemption[] {
  return rows.map((r) => ({ ...r, redeemed_at: iso(r.redeemed_at) }));
}

/** The lead and its redemptions in one round trip. */
async function loadRow(
  q: Queryable,
  id: string,
  forUpdate = false,
): Promise<(LeadRow & { redemptions: Redemption[]; erased_at: Date | null }) | null> {
  const { rows } = await q.query<LeadRow & { redemptions: Redemption[]; erased_at: Date | null }>(
    `SELECT l.id, l.flow, l.email, l.details, l.created_at, l.updated_at, l.erased_at,
       ${REDEMPTIONS_OF_L} AS redemptions
     FROM leads l WHERE l.id = $1${forUpdate ? " FOR UPDATE OF l" : ""}`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return { ...row, redemptions: redemptionsOf(row.redemptions) };
}

/**
 * The lead, if this principal may see it: staff see every lead, a customer only leads of its own
 * e-mail. No such lead is 404; another person's lead is 403 (docs/api.md: "customer (own)"). Telling
 * the two apart reveals nothing usable: a reference is 40 random bits, not guessable.
 */
function visibleTo<R extends { email: string }>(row: R | null, principal: Principal): R {
  if (row === null) throw new ApiFailure("NOT_FOUND");
  if (principal.kind === "customer" && row.email !== principal.email) throw new ApiFailure("FORBIDDEN");
  return row;
}

/**
 * GET /api/lead?id=: the whole lead from the per-instance lead cache (migration 008 drops an
 * entry whenever the lead or its redemptions change), then what this viewer may see of it.
 */
export async function readLead(
  deps: Deps,
  principal: Principal,
  id: string,
  opts: { full: boolean; role?: string },
): Promise<Lead> {
  const lead = await deps.leads.read(id, async () => {
    const row = await loadRow(deps.db, id);
    return row && toLead(row, row.redemptions);
  });
  return forViewer(visibleTo(lead, principal), principal, opts);
}

/**
 * Counter staff verify a person without seeing all of their data; admins may ask for it. A
 * customer sees who redeemed and when, not the staff's note (the nutritionist's name).
 */
function forViewer(lead: Lead, principal: Principal, opts: { full: boolean; role?: string }): Lead {
  if (principal.kind !== "staff") {
    return {
      ...lead,
      redemptions: lead.redemptions.map(({ note: _staffOnly, ...redemption }) => redemption),
    };
  }
  if (!(opts.full && opts.role === "admin")) {
    return { ...lead, email: maskEmail(lead.email), phone: maskPhone(lead.phone) };
  }
  return lead;
}

/** PATCH /api/lead */
export async function patchLead(
  deps: Deps,
  principal: Principal,
  input: LeadPatchInput,
  opts: { full: boolean; role?: string },
): Promise<Lead> {
  const { id, ...changes } = input;
  // A consent (above all the direct-marketing one, PDPO) is the customer's own act: staff may
  // correct a lead's details, never give or withdraw a consent on the customer's behalf.
  if (principal.kind === "staff" && changes.consents)
    throw new ApiFailure("FORBIDDEN", { field: "consents" });
  const checkReferences = await referenceCheck(deps.lists, changes);
  // Read before the transaction, like the lists (on PGlite a read outside it would wait for it).
  const versions = changes.consents ? await deps.lists.documentVersions() : [];
  return deps.leads
    .write(id, () =>
      deps.db.transaction(async (tx) => {
        const row = visibleTo(await loadRow(tx, id, true), principal);
        // An erased lead holds no one to correct (docs/privacy.md).
        if (row.erased_at !== null) throw new ApiFailure("NOT_FOUND");
        const nowMs = deps.now();
        const lang = changes.consents?.lang ?? row.details.consents?.lang ?? "zh-HK";
        const consents = changes.consents && { ...recordConsents(versions, changes.consents, nowMs), lang };
        const merged: Details = {
          ...EMPTY_DETAILS,
          ...row.details,
          ...changes,
          ...(consents ? { consents } : {}),
        };
        if (!isValidPhone(merged.phone_code, merged.phone))
          throw new ApiFailure("VALIDATION_FAILED", { field: "phone" });
        checkReferences();
        const { rows } = await tx.query<LeadRow>(
          "UPDATE leads SET details = $2::jsonb, updated_at = $3 WHERE id = $1 RETURNING *",
          [id, JSON.stringify(merged), new Date(nowMs).toISOString()],
        );
        // Every consent the customer sends is a ledger row, a tick kept as it was too.
        if (consents)
          await recordConsent(tx, {
            leadId: id,
            given: consents.marketing,
            lang,
            channel: "form",
            actor: "customer",
            atMs: nowMs,
          });
        // Withdrawn by the customer's own form: the same event as an opt-out link sends.
        if (consents && !consents.marketing && row.details.consents?.marketing === true)
          await emitEvent(
            tx,
            "consent.withdrawn",
            { lead_id: id, purpose: "marketing", channel: "form", at: new Date(nowMs).toISOString() },
            nowMs,
          );
        await tx.query(
          "INSERT INTO lead_changes (lead_id, staff_id, fields, changed_at) VALUES ($1, $2, $3, $4)",
          [
            id,
            principal.kind === "staff" ? principal.staffId : null,
            Object.keys(changes).sort(),
            rows[0].updated_at,
          ],
        );
        if (principal.kind === "staff")
          await recordAudit(tx, {
            actor: principal.staffId,
            action: "lead.correct",
            target: id,
            detail: { fields: Object.keys(changes).sort() },
            atMs: deps.now(),
          });
        const lead = toLead(rows[0], row.redemptions);
        await emitEvent(
          tx,
          "lead.updated",
          {
            ...leadEventData(lead),
            fields: Object.keys(changes).sort(),
            by: principal.kind === "staff" ? principal.staffId : "customer",
          },
          nowMs,
        );
        return forViewer(lead, principal, opts);
      }),
    )
    .then((lead) => {
      deps.webhooks.wake();
      return lead;
    });
}
