/**
 * Mail of one-time codes and of lead confirmations, through the outbox table: a code is written in
 * the same transaction that creates it, a confirmation in the statement that creates its lead.
 * Each is composed when queued, in the requester's language (mailTexts.ts): subject, text, HTML.
 * Without SMTP_URL the rows stay there as the dev outbox (GET /api/dev/outbox); with SMTP_URL
 * `flush()` claims unsent rows, mails them and clears their code and text. A code never mailed is
 * cleared once it has expired (housekeeping) and is then never sent.
 */
import nodemailer from "nodemailer";
import { ConfigError } from "../config.ts";
import type { Db, Queryable } from "../db/db.ts";
import { iso } from "../db/db.ts";
import { NO_TRACING, type Tracing } from "../observability/tracing.ts";
import {
  codeMailParts,
  confirmationMailParts,
  defaultSubject,
  type MailBrand,
  type MailLang,
  type MailOffer,
  type MailParts,
} from "./mailTexts.ts";

export type OutboxKind = "customer-code" | "staff-code" | "lead-confirmation";
const MAX_SEND_ATTEMPTS = 5;
/**
 * When a failed code mail is tried again, after its 1st, 2nd, … failure: within a staff code's 5
 * minutes (the housekeeping timer's 10-minute flush would come too late).
 */
export const RETRY_DELAYS_MS = [5_000, 15_000, 45_000, 120_000];

/** Why a send failed, for the log: the SMTP error code and reply code, never addresses or codes. */
function failureReason(error: unknown): string {
  const e = error as { name?: string; code?: unknown; responseCode?: unknown; command?: unknown };
  const parts = [
    typeof e.code === "string" ? e.code : (e.name ?? "Error"),
    typeof e.responseCode === "number" ? `SMTP ${e.responseCode}` : "",
    typeof e.command === "string" ? `at ${e.command.split(" ")[0]}` : "",
  ];
  return parts.filter(Boolean).join(" ");
}

export interface OutboxEntry {
  to: string;
  kind: OutboxKind;
  /** Null for a confirmation, which has none. */
  code: string | null;
  /** The language the mail was written in (the form's or staff page's when it was asked for). */
  lang: MailLang | null;
  subject: string | null;
  text: string;
  html: string | null;
  /** The opt-out link of a mail about a lead (null for codes); gone once mailed, like the text. */
  unsubscribe_url: string | null;
  created_at: string;
}

export interface CodeMail {
  kind: Exclude<OutboxKind, "lead-confirmation">;
  /** The e-mail (customer) or staff id (staff) the code belongs to. */
  to: string;
  /** Where to mail it; a customer's e-mail, a staff member's address (may be missing). */
  mailTo: string | null;
  code: string;
  ttlMinutes: number;
  lang: MailLang;
}

/**
 * The mail a customer gets once their lead is created: the registration number, what it is
 * redeemed for, where and until when, and the page where the QR code is shown again after signing
 * in with the same e-mail (the page they enrolled on when its origin is allowed).
 */
export interface ConfirmationMail {
  kind: "lead-confirmation";
  /** The customer's e-mail: the outbox key and where it goes. */
  to: string;
  lang: MailLang;
  reference: string;
  memberUrl: string;
  /** The flow's offer in the mail's language; null when the operator published none. */
  offer: MailOffer | null;
  /** The lead's opt-out link (docs/privacy.md), in the text and the List-Unsubscribe headers. */
  unsubscribeUrl: string;
}

export interface Mailer {
  readonly devOutbox: boolean;
  enqueue(tx: Queryable, mail: CodeMail | ConfirmationMail, nowMs: number): Promise<void>;
  /** A confirmation composed, for a statement that writes the lead and its mail at once. */
  confirmation(mail: ConfirmationMail): MailParts;
  /** Sends what is waiting (SMTP only); never throws. */
  flush(): Promise<void>;
  outbox(query: { to: string; kind: OutboxKind }): Promise<OutboxEntry[]>;
  close(): void;
}

/**
 * RFC 8058 one-click opt-out: the link, and the header that tells a mail client it may POST to it
 * without showing the page (RFC 2369 angle brackets around the URL).
 */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** The subject names the operator's brand, never the product's internal name. */
function compose(mail: CodeMail | ConfirmationMail, brand: MailBrand): MailParts {
  if (mail.kind === "lead-confirmation")
    return confirmationMailParts(mail.lang, brand, {
      reference: mail.reference,
      link: mail.memberUrl,
      unsubscribe: mail.unsubscribeUrl,
      offer: mail.offer,
    });
  return codeMailParts(mail.kind, mail.lang, brand, {
    code: mail.code,
    minutes: mail.ttlMinutes,
    staffId: mail.to,
  });
}

export function createMailer(opts: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  /** The operator's names (Chinese, English), for the subject lines and texts. */
  brand: MailBrand;
  log: (line: string) => void;
  /** A span per mail sent (the kind only: never the address). */
  tracing?: Tracing;
}): Mailer {
  const { db, tracing = NO_TRACING } = opts;
  let transport: ReturnType<typeof nodemailer.createTransport> | undefined;
  try {
    transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  } catch (error) {
    // Never the library's message: it may quote the URL, password and all.
    throw new ConfigError(
      `SMTP_URL could not be used (${(error as Error).name}); its value is not shown, it may hold the password`,
    );
  }
  let flushing: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  async function sendPending(): Promise<void> {
    if (!transport) return;
    const { rows } = await db.query<{
      id: string;
      mail_to: string | null;
      kind: OutboxKind;
      subject: string | null;
      text: string;
      html: string | null;
      attempts: number;
      unsubscribe_url: string | null;
    }>(
      `UPDATE outbox SET sent_at = clock_timestamp(), attempts = attempts + 1
       WHERE id IN (SELECT id FROM outbox WHERE sent_at IS NULL AND attempts < $1 AND text IS NOT NULL
                    ORDER BY created_at LIMIT 20 FOR UPDATE SKIP LOCKED)
       RETURNING id, mail_to, kind, subject, text, html, attempts, unsubscribe_url`,
      [MAX_SEND_ATTEMPTS],
    );
    let retryIn: number | undefined;
    for (const row of rows) {
      const subject = row.subject ?? defaultSubject(row.kind, opts.brand);
      try {
        if (!row.mail_to) throw Object.assign(new Error("no address"), { code: "NO_ADDRESS" });
        const to = row.mail_to;
        const headers = row.unsubscribe_url ? listUnsubscribeHeaders(row.unsubscribe_url) : undefined;
        await tracing.span(
          "mail send",
          { "nuforms.mail.kind": row.kind },
          () =>
            (transport as NonNullable<typeof transport>).sendMail({
              from: opts.from,
              to,
              subject,
              text: row.text,
              html: row.html ?? undefined,
              headers,
            }),
          "client",
        );
        await db.query(
          "UPDATE outbox SET code = NULL, text = NULL, html = NULL, unsubscribe_url = NULL WHERE id = $1",
          [row.id],
        );
      } catch (error) {
        const delay = row.attempts < MAX_SEND_ATTEMPTS ? RETRY_DELAYS_MS[row.attempts - 1] : undefined;
        opts.log(
          `mail: ${row.kind} not sent (${failureReason(error)}), attempt ${row.attempts} of ${MAX_SEND_ATTEMPTS}${delay === undefined ? ", given up" : `, retry in ${delay / 1000} s`}`,
        );
        await db.query("UPDATE outbox SET sent_at = NULL WHERE id = $1", [row.id]);
        if (delay !== undefined) retryIn = Math.min(retryIn ?? delay, delay);
      }
    }
    if (retryIn !== undefined && !closed) {
      clearTimeout(retry);
      retry = setTimeout(() => void flushNow(), retryIn);
      retry.unref();
    }
  }

  function flushNow(): Promise<void> {
    if (!transport) return Promise.resolve();
    flushing ??= sendPending()
      .catch((error) => opts.log(`mail: flush failed (${(error as Error).name})`))
      .finally(() => {
        flushing = undefined;
      });
    return flushing;
  }

  return {
    devOutbox: transport === undefined,
    async enqueue(tx, mail, nowMs) {
      const { subject, text, html } = compose(mail, opts.brand);
      const [mailTo, code] = mail.kind === "lead-confirmation" ? [mail.to, null] : [mail.mailTo, mail.code];
      await tx.query(
        `INSERT INTO outbox (to_addr, mail_to, kind, code, lang, subject, text, html, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          mail.to,
          mailTo,
          mail.kind,
          code,
          mail.lang,
          subject,
          text,
          html,
          new Date(nowMs).toISOString(),
          // A code's mail is dropped unsent once the code has expired; a confirmation stays.
          mail.kind === "lead-confirmation" ? null : new Date(nowMs + mail.ttlMinutes * 60_000).toISOString(),
        ],
      );
    },
    confirmation: (mail) => compose(mail, opts.brand),
    flush: flushNow,
    async outbox({ to, kind }) {
      const { rows } = await db.query<{
        to_addr: string;
        kind: OutboxKind;
        code: string | null;
        lang: MailLang | null;
        subject: string | null;
        text: string;
        html: string | null;
        unsubscribe_url: string | null;
        created_at: Date;
      }>(
        `SELECT to_addr, kind, code, lang, subject, text, html, unsubscribe_url, created_at FROM outbox
         WHERE to_addr = $1 AND kind = $2 ORDER BY created_at DESC LIMIT 20`,
        [to, kind],
      );
      return rows.map((r) => ({
        to: r.to_addr,
        kind: r.kind,
        code: r.code,
        lang: r.lang,
        subject: r.subject,
        text: r.text,
        html: r.html,
        unsubscribe_url: r.unsubscribe_url,
        created_at: iso(r.created_at),
      }));
    },
    close() {
      closed = true;
      clearTimeout(retry);
      transport?.close();
    },
  };
}
