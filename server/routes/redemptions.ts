import { Hono } from "hono";
import {
  emptyQuerySchema,
  idempotencyKeySchema,
  invoiceCreateSchema,
  invoiceParamsSchema,
  redemptionCreateSchema,
} from "../../lib/core/schemas.ts";
import type { Deps } from "../deps.ts";
import { requireStaff } from "../http/auth.ts";
import { type AppEnv, header } from "../http/env.ts";
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
      const rawKey = header(c, "idempotency-key");
      const key = rawKey === undefined ? undefined : parse(idempotencyKeySchema, rawKey, "Idempotency-Key");
      const input = await jsonBody(c, invoiceCreateSchema);
      const answer = await createInvoice(deps, staff, input, key);
      if (answer.replayed) c.header("Idempotent-Replayed", "true");
      return c.body(answer.json ?? JSON.stringify(answer.body), answer.status as 200, {
        "Content-Type": "application/json",
      });
    })
    .get("/invoices/:id", async (c) => {
      await requireStaff(c, deps);
      queryOf(c, emptyQuerySchema);
      const { id } = parse(invoiceParamsSchema, { id: c.req.param("id") });
      return ok(c, [await readInvoice(deps, id)]);
    });
}
