/**
 * Mail of one-time codes and of lead confirmations, through the outbox table: a code is written in
 * the same transaction that creates it, a confirmation in the statement that creates its lead.
 * Without SMTP_URL the rows stay there as the dev outbox (GET /api/dev/outbox); with SMTP_URL
 * `flush()` claims unsent rows, mails them and clears their code and text. A code never mailed is
 * cleared once it has expired (housekeeping) and is then never sent.
 */
import nodemailer from "nodemailer";
import { t } from "../../lib/core/i18n/index.ts";
import { ConfigError } from "../config.ts";
import type { Db, Queryable } from "../db/db.ts";
import { iso } from "../db/db.ts";
import { NO_TRACING, type Tracing } from "../observability/tracing.ts";

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
  text: string;
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
}

/**
 * The mail a customer gets once their lead is created: the reference, and the member page where
 * the QR code is shown again after signing in with the same e-mail.
 */
export interface ConfirmationMail {
  kind: "lead-confirmation";
  /** The customer's e-mail: the outbox key and where it goes. */
  to: string;
  reference: string;
  memberUrl: string;
  /** The lead's opt-out link (docs/privacy.md), in the text and the List-Unsubscribe headers. */
  unsubscribeUrl: string;
}

export interface Mailer {
  readonly devOutbox: boolean;
  enqueue(tx: Queryable, mail: CodeMail | ConfirmationMail, nowMs: number): Promise<void>;
  /** The text of a confirmation, for a statement that writes the lead and its mail at once. */
  confirmationText(mail: ConfirmationMail): string;
  /** Sends what is waiting (SMTP only); never throws. */
  flush(): Promise<void>;
  outbox(query: { to: string; kind: OutboxKind }): Promise<OutboxEntry[]>;
  close(): void;
}

/** The subject names the operator's brand, never the product's internal name. */
function subjectOf(kind: OutboxKind, brand: string): string {
  if (kind === "lead-confirmation") return t("zh-HK", "server.mail.confirmation.subject", { brand });
  return kind === "customer-code"
    ? t("zh-HK", "server.mail.customerCode.subject", { brand })
    : t("zh-HK", "server.mail.staffCode.subject", { brand });
}

/** Chinese first, then English: the customer's language is not known to the server. */
function confirmationText(mail: ConfirmationMail, brand: string): string {
  const params = { brand, reference: mail.reference, url: mail.memberUrl, unsubscribe: mail.unsubscribeUrl };
  return [
    t("zh-HK", "server.mail.confirmation.text", params),
    t("en", "server.mail.confirmation.text", params),
  ].join("\n\n— English —\n\n");
}

/**
 * RFC 8058 one-click opt-out: the link, and the header that tells a mail client it may POST to it
 * without showing the page (RFC 2369 angle brackets around the URL).
 */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

function compose(mail: CodeMail | ConfirmationMail, brand: string): { subject: string; text: string } {
  if (mail.kind === "lead-confirmation")
    return { subject: subjectOf(mail.kind, brand), text: confirmationText(mail, brand) };
  const params = { code: mail.code, minutes: mail.ttlMinutes, staffId: mail.to };
  return {
    subject: subjectOf(mail.kind, brand),
    text: t(
      "zh-HK",
      mail.kind === "customer-code" ? "server.mail.customerCode.text" : "server.mail.staffCode.text",
      params,
    ),
  };
}

export function createMailer(opts: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  /** The operator's brand name, for the subject lines. */
  brandName: string;
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
      text: string;
      attempts: number;
      unsubscribe_url: string | null;
    }>(
      `UPDATE outbox SET sent_at = clock_timestamp(), attempts = attempts + 1
       WHERE id IN (SELECT id FROM outbox WHERE sent_at IS NULL AND attempts < $1 AND text IS NOT NULL
                    ORDER BY created_at LIMIT 20 FOR UPDATE SKIP LOCKED)
       RETURNING id, mail_to, kind, text, attempts, unsubscribe_url`,
      [MAX_SEND_ATTEMPTS],
    );
    let retryIn: number | undefined;
    for (const row of rows) {
      const subject = subjectOf(row.kind, opts.brandName);
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
              headers,
            }),
          "client",
        );
        await db.query("UPDATE outbox SET code = NULL, text = NULL, unsubscribe_url = NULL WHERE id = $1", [
          row.id,
        ]);
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
      const { text } = compose(mail, opts.brandName);
      const [mailTo, code] = mail.kind === "lead-confirmation" ? [mail.to, null] : [mail.mailTo, mail.code];
      await tx.query(
        `INSERT INTO outbox (to_addr, mail_to, kind, code, text, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          mail.to,
          mailTo,
          mail.kind,
          code,
          text,
          new Date(nowMs).toISOString(),
          // A code's mail is dropped unsent once the code has expired; a confirmation stays.
          mail.kind === "lead-confirmation" ? null : new Date(nowMs + mail.ttlMinutes * 60_000).toISOString(),
        ],
      );
    },
    confirmationText: (mail) => confirmationText(mail, opts.brandName),
    flush: flushNow,
    async outbox({ to, kind }) {
      const { rows } = await db.query<{
        to_addr: string;
        kind: OutboxKind;
        code: string | null;
        text: string;
        unsubscribe_url: string | null;
        created_at: Date;
      }>(
        `SELECT to_addr, kind, code, text, unsubscribe_url, created_at FROM outbox
         WHERE to_addr = $1 AND kind = $2 ORDER BY created_at DESC LIMIT 20`,
        [to, kind],
      );
      return rows.map((r) => ({
        to: r.to_addr,
        kind: r.kind,
        code: r.code,
        text: r.text,
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
