/** The lead desk's calls (admin only): leads, one lead in full, the CSV export. docs/lead-desk.md. */
import type { Context } from "hono";
import { Hono } from "hono";
import { deskLeadParamsSchema, deskLeadsQuerySchema } from "../../lib/core/schemas.ts";
import type { Deps } from "../deps.ts";
import { requireStaff } from "../http/auth.ts";
import { type AppEnv, clientAddress } from "../http/env.ts";
import { ok } from "../http/envelope.ts";
import { parse, queryOf } from "../http/input.ts";
import { deskLeadDetail, listDeskLeads, type Viewer } from "../services/leadDesk.ts";

/** The admin calling, as the audit log names them. */
export async function adminViewer(c: Context<AppEnv>, deps: Deps): Promise<Viewer> {
  const staff = await requireStaff(c, deps, "admin");
  return { staffId: staff.staff_id, ip: clientAddress(c, deps.config.trustProxy), nowMs: deps.now() };
}

export function leadDeskRoutes(deps: Deps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get("/admin/leads", async (c) => {
      const viewer = await adminViewer(c, deps);
      const { cursor, limit, unmask, ...filters } = queryOf(c, deskLeadsQuerySchema);
      const page = await listDeskLeads(
        deps.db,
        filters,
        { cursor, limit, unmask: unmask === "true" },
        viewer,
      );
      return c.json({ Code: 200, Message: "OK", Data: page.leads, next_cursor: page.next_cursor });
    })
    .get("/admin/leads/:id", async (c) => {
      const viewer = await adminViewer(c, deps);
      const { id } = parse(deskLeadParamsSchema, { id: c.req.param("id") });
      return ok(c, [await deskLeadDetail(deps.db, id, viewer)]);
    });
}
