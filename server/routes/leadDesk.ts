/**
 * The lead desk's calls (admin only): leads, one lead in full, the CSV export, the audit log and
 * the funnel. docs/lead-desk.md.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import {
  auditQuerySchema,
  deskExportQuerySchema,
  deskLeadParamsSchema,
  deskLeadsQuerySchema,
  funnelQuerySchema,
} from "../../lib/core/schemas.ts";
import type { Deps } from "../deps.ts";
import { auditAnswer, deskLeadAnswer, deskLeadDetailAnswer, funnelDayAnswer } from "../http/answers.ts";
import { requireStaff } from "../http/auth.ts";
import { type AppEnv, clientAddress } from "../http/env.ts";
import { ok } from "../http/envelope.ts";
import { parse, queryOf } from "../http/input.ts";
import { describe } from "../http/openapi.ts";
import { auditPage } from "../services/auditLog.ts";
import { funnelDays } from "../services/funnel.ts";
import { deskLeadDetail, listDeskLeads, type Viewer } from "../services/leadDesk.ts";
import { exportLeads, pullStream } from "../services/leadExport.ts";

/** The admin calling, as the audit log names them. */
export async function adminViewer(c: Context<AppEnv>, deps: Deps): Promise<Viewer> {
  const staff = await requireStaff(c, deps, "admin");
  return { staffId: staff.staff_id, ip: clientAddress(c, deps.config.trustProxy), nowMs: deps.now() };
}

export function leadDeskRoutes(deps: Deps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get(
      "/admin/leads",
      describe(
        {
          summary: "Leads, newest first, filtered (the lead desk)",
          who: "admin",
          tag: "lead desk",
          query: deskLeadsQuerySchema,
          response: deskLeadAnswer,
          description:
            "E-mail and phone are masked unless `unmask=true` (each lead shown is audited `lead.view`). The envelope carries `next_cursor` while more leads follow.",
        },
        async (c) => {
          const viewer = await adminViewer(c, deps);
          const { cursor, limit, unmask, ...filters } = queryOf(c, deskLeadsQuerySchema);
          const page = await listDeskLeads(
            deps.db,
            filters,
            { cursor, limit, unmask: unmask === "true" },
            viewer,
          );
          return c.json({ Code: 200, Message: "OK", Data: page.leads, next_cursor: page.next_cursor });
        },
      ),
    )
    .get(
      "/admin/leads/:id",
      describe(
        {
          summary: "One lead in full, with its consent ledger and changes",
          who: "admin",
          tag: "lead desk",
          params: deskLeadParamsSchema,
          response: deskLeadDetailAnswer,
          errors: ["NOT_FOUND"],
          description: "Unmasked, and audited `lead.view`.",
        },
        async (c) => {
          const viewer = await adminViewer(c, deps);
          const { id } = parse(deskLeadParamsSchema, { id: c.req.param("id") });
          return ok(c, [await deskLeadDetail(deps.db, id, viewer)]);
        },
      ),
    )
    .get(
      "/admin/leads.csv",
      describe(
        {
          summary: "The leads of a filter as CSV (UTF-8 with BOM)",
          who: "admin",
          tag: "lead desk",
          query: deskExportQuerySchema,
          file: "text/csv",
          description: "Streamed; the export is audited `lead.export` with its filter and row count.",
        },
        async (c) => {
          const viewer = await adminViewer(c, deps);
          const { lang = "zh-HK", ...filters } = queryOf(c, deskExportQuerySchema);
          const { chunks } = await exportLeads(deps.db, filters, lang, {
            actor: viewer.staffId,
            ip: viewer.ip,
            nowMs: viewer.nowMs,
          });
          const day = new Date(viewer.nowMs + 8 * 3_600_000).toISOString().slice(0, 10);
          return c.body(pullStream(chunks), 200, {
            "Content-Type": "text/csv; charset=utf-8",
            "Content-Disposition": `attachment; filename="leads-${day}.csv"`,
            "Cache-Control": "no-store",
          });
        },
      ),
    )
    .get(
      "/admin/audit",
      describe(
        {
          summary: "The audit log, newest first",
          who: "admin",
          tag: "lead desk",
          query: auditQuerySchema,
          response: auditAnswer,
          description: "The envelope carries `next_cursor` while more entries follow.",
        },
        async (c) => {
          await requireStaff(c, deps, "admin");
          const page = await auditPage(deps.db, queryOf(c, auditQuerySchema));
          return c.json({ Code: 200, Message: "OK", Data: page.entries, next_cursor: page.next_cursor });
        },
      ),
    )
    .get(
      "/admin/funnel",
      describe(
        {
          summary: "The funnel: counts per Hong Kong day, flow and partner",
          who: "admin",
          tag: "lead desk",
          query: funnelQuerySchema,
          response: funnelDayAnswer,
        },
        async (c) => {
          await requireStaff(c, deps, "admin");
          return ok(c, await funnelDays(deps.db, queryOf(c, funnelQuerySchema)));
        },
      ),
    );
}
