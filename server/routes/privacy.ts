/**
 * The brand's answers for personal data (docs/privacy.md): access and erasure of one person, an
 * admin's record of an opt-out, and the opt-out page a mail's link opens (outside /api).
 */
import type { Context } from "hono";
import { Hono } from "hono";
import { type Lang, normaliseLang } from "../../lib/core/i18n/index.ts";
import {
  leadParamsSchema,
  marketingWithdrawSchema,
  subjectEraseSchema,
  subjectQuerySchema,
} from "../../lib/core/schemas.ts";
import type { Deps } from "../deps.ts";
import { erasedAnswer, marketingWithdrawnAnswer, subjectAnswer } from "../http/answers.ts";
import { requireStaff } from "../http/auth.ts";
import { type AppEnv, clientAddress } from "../http/env.ts";
import { ApiFailure, ok } from "../http/envelope.ts";
import { jsonBody, parse, queryOf } from "../http/input.ts";
import { describe } from "../http/openapi.ts";
import { recordAudit } from "../services/audit.ts";
import { type Withdrawal, withdrawMarketing } from "../services/consents.ts";
import { eraseSubject, leadIdsOf, subjectKey, subjectReport } from "../services/privacy.ts";
import { subjectCsv } from "../services/subjectCsv.ts";
import { leadOfToken, UNSUBSCRIBE_PATH } from "../services/unsubscribeLink.ts";
import { unsubscribePage } from "../unsubscribePage.ts";

/** Runs `run` as a write to every lead in `ids` (each lead cache drops them: db/notifiedCache.ts). */
function writingLeads<T>(deps: Deps, ids: string[], run: () => Promise<T>): Promise<T> {
  return ids.reduceRight<() => Promise<T>>((inner, id) => () => deps.leads.write(id, inner), run)();
}

export function privacyRoutes(deps: Deps): Hono<AppEnv> {
  const ip = (c: Context<AppEnv>) => clientAddress(c, deps.config.trustProxy);
  return new Hono<AppEnv>()
    .get(
      "/admin/subjects",
      describe(
        {
          summary: "Everything held about one e-mail address (an access request)",
          who: "admin",
          tag: "privacy",
          query: subjectQuerySchema,
          response: subjectAnswer,
          description:
            "`format=csv` answers the same as a `text/csv` file instead of the envelope. Audited `subject.export` (the audit names the address by a keyed hash, never in clear).",
        },
        async (c) => {
          const admin = await requireStaff(c, deps, "admin");
          const { email, format = "json" } = queryOf(c, subjectQuerySchema);
          const report = await deps.db.transaction(async (tx) => {
            const found = await subjectReport(tx, email);
            await recordAudit(tx, {
              actor: admin.staff_id,
              action: "subject.export",
              target: subjectKey(deps.secrets, email),
              ip: ip(c),
              detail: { format, leads: found.leads.length },
              atMs: deps.now(),
            });
            return found;
          });
          if (format === "json") return ok(c, [report]);
          return c.body(subjectCsv(report), 200, {
            "Content-Type": "text/csv; charset=utf-8",
            "Content-Disposition": 'attachment; filename="subject.csv"',
            "Cache-Control": "no-store",
          });
        },
      ),
    )
    .post(
      "/admin/subjects/erase",
      describe(
        {
          summary: "Erases the personal fields of every lead of one e-mail address",
          who: "admin",
          tag: "privacy",
          body: subjectEraseSchema,
          response: erasedAnswer,
          description: "Audited `subject.erase`; each erased lead sends `lead.erased`.",
        },
        async (c) => {
          const admin = await requireStaff(c, deps, "admin");
          const { email } = await jsonBody(c, subjectEraseSchema);
          const ids = await leadIdsOf(deps.db, email);
          const erased = await writingLeads(deps, ids, () =>
            eraseSubject(deps, email, (tx, n) =>
              recordAudit(tx, {
                actor: admin.staff_id,
                action: "subject.erase",
                target: subjectKey(deps.secrets, email),
                ip: ip(c),
                detail: { leads: n },
                atMs: deps.now(),
              }),
            ),
          );
          return ok(c, [{ erased_leads: erased }]);
        },
      ),
    )
    .post(
      "/admin/leads/:id/marketing",
      describe(
        {
          summary: "Records a customer's withdrawal of marketing consent",
          who: "admin",
          tag: "privacy",
          params: leadParamsSchema,
          body: marketingWithdrawSchema,
          response: marketingWithdrawnAnswer,
          errors: ["NOT_FOUND"],
          description:
            "Audited `consent.withdraw`; sends `consent.withdrawn`. Withdrawn already: the same answer, nothing recorded twice.",
        },
        async (c) => {
          const admin = await requireStaff(c, deps, "admin");
          const { id } = parse(leadParamsSchema, { id: c.req.param("id") });
          await jsonBody(c, marketingWithdrawSchema);
          const outcome = await withdraw(deps, id, "admin", admin.staff_id, ip(c));
          if (outcome === "not-held") throw new ApiFailure("NOT_FOUND");
          return ok(c, [{ marketing: false }]);
        },
      ),
    );
}

/** The withdrawal and its audit entry in one transaction; the lead's cached reads dropped. */
function withdraw(
  deps: Deps,
  leadId: string,
  channel: "unsubscribe" | "admin",
  actor: string,
  ip: string,
): Promise<Withdrawal> {
  return deps.leads.write(
    leadId,
    () =>
      deps.db.transaction(async (tx) => {
        const nowMs = deps.now();
        const outcome = await withdrawMarketing(tx, { leadId, channel, actor, nowMs });
        if (outcome === "withdrawn")
          await recordAudit(tx, {
            actor,
            action: "consent.withdraw",
            target: leadId,
            ip,
            detail: { channel },
            atMs: nowMs,
          });
        return outcome;
      }),
    (outcome) => outcome === "withdrawn",
  );
}

/**
 * `GET /unsubscribe?t=&lang=` shows one button (a link scanner that follows the link changes
 * nothing); `POST` withdraws, from that button or from a mail client's RFC 8058 one-click (body
 * `List-Unsubscribe=One-Click`, which is not needed: the token alone decides).
 */
export function unsubscribeRoutes(deps: Deps): Hono<AppEnv> {
  const langOf = (c: Context<AppEnv>): Lang => normaliseLang(c.req.query("lang"));
  const page = (
    c: Context<AppEnv>,
    state: Parameters<typeof unsubscribePage>[0]["state"],
    status: 200 | 400,
  ) => {
    const { html, csp } = unsubscribePage({
      state,
      lang: langOf(c),
      brand: deps.config.brand,
      action: `${UNSUBSCRIBE_PATH}?t=${encodeURIComponent(c.req.query("t") ?? "")}&lang=${langOf(c)}`,
    });
    c.header("Content-Security-Policy", csp);
    // The token is in the URL: never sent on as a referrer, never cached, never indexed.
    c.header("Referrer-Policy", "no-referrer");
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
    c.header("X-Content-Type-Options", "nosniff");
    return c.html(html, status);
  };
  return new Hono<AppEnv>()
    .get(UNSUBSCRIBE_PATH, async (c) => {
      const leadId = leadOfToken(deps.secrets, c.req.query("t"));
      if (!leadId) return page(c, "invalid", 400);
      const { rows } = await deps.db.query<{ erased: boolean; given: boolean | null }>(
        `SELECT l.erased_at IS NOT NULL AS erased,
           (SELECT c.given FROM consent_events c WHERE c.lead_id = l.id AND c.purpose = 'marketing'
             ORDER BY c.at DESC, c.id DESC LIMIT 1) AS given
         FROM leads l WHERE l.id = $1`,
        [leadId],
      );
      const lead = rows[0];
      if (!lead || lead.erased) return page(c, "notHeld", 200);
      return page(c, lead.given === false ? "already" : "ask", 200);
    })
    .post(UNSUBSCRIBE_PATH, async (c) => {
      const leadId = leadOfToken(deps.secrets, c.req.query("t"));
      if (!leadId) return page(c, "invalid", 400);
      const outcome = await withdraw(
        deps,
        leadId,
        "unsubscribe",
        "link",
        clientAddress(c, deps.config.trustProxy),
      );
      // Pressed again, or by the mail client and then the page: done all the same.
      return page(c, outcome === "not-held" ? "notHeld" : "done", 200);
    });
}
