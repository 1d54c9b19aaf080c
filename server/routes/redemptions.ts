import { Hono } from "hono";
import {
  emptyQuerySchema,
  invoiceCreateSchema,
  invoiceParamsSchema,
  redemptionCreateSchema,
} from "../../lib/core/schemas.ts";
import type { Deps } from "../deps.ts";
import { requireStaff } from "../http/auth.ts";
import type { AppEnv } from "../http/env.ts";
import { ok } from "../http/envelope.ts";
import { jsonBody, parse, queryOf } from "../http/input.ts";
import { createInvoice, readInvoice } from "../services/invoices.ts";
import { redeem } from "../services/redemptions.ts";

export function redemptionRoutes(deps: Deps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .post("/redemptions", async (c) => {
      const staff = await requireStaff(c, deps);
      const input = await jsonBody(c, redemptionCreateSchema);
      return ok(c, [await redeem(deps, staff, input)]);
    })
    .post("/invoices", async (c) => {
      const staff = await requireStaff(c, deps);
      const input = await jsonBody(c, invoiceCreateSchema);
      return ok(c, [await createInvoice(deps, staff, input)]);
    })
    .get("/invoices/:id", async (c) => {
      await requireStaff(c, deps);
      queryOf(c, emptyQuerySchema);
      const { id } = parse(invoiceParamsSchema, { id: c.req.param("id") });
      return ok(c, [await readInvoice(deps, id)]);
    });
}
