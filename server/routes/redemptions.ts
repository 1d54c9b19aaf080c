import { Hono } from "hono";
import {
  emptyQuerySchema,
  idempotencyKeySchema,
  invoiceCreateSchema,
  invoiceParamsSchema,
  redemptionCreateSchema,
} from "../../lib/core/schemas.ts";
import type { Deps } from "../deps.ts";
import { invoiceAnswer, redemptionAnswer } from "../http/answers.ts";
import { requireStaff } from "../http/auth.ts";
import { type AppEnv, header } from "../http/env.ts";
import { ok } from "../http/envelope.ts";
import { jsonBody, parse, queryOf } from "../http/input.ts";
import { describe } from "../http/openapi.ts";
import { createInvoice, readInvoice } from "../services/invoices.ts";
import { redeem } from "../services/redemptions.ts";

export function redemptionRoutes(deps: Deps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .post(
      "/redemptions",
      describe(
        {
          summary: "Redeems a lead's gift of one kind, exactly once",
          who: "staff",
          tag: "staff",
          body: redemptionCreateSchema,
          response: redemptionAnswer,
          errors: ["NOT_FOUND", "ALREADY_REDEEMED", "FORBIDDEN"],
          description:
            "A second redemption of the same kind is 409 `ALREADY_REDEEMED` with the first one in `Data`, also under concurrent requests. Extra body fields are accepted and not kept.",
        },
        async (c) => {
          const staff = await requireStaff(c, deps);
          const input = await jsonBody(c, redemptionCreateSchema);
          const redeemed = await redeem(deps, staff, input);
          deps.metrics.redeemed(input.kind);
          return ok(c, [redeemed]);
        },
      ),
    )
    .post(
      "/invoices",
      describe(
        {
          summary: "Records an invoice (the record behind the invoice QR code)",
          who: "staff",
          tag: "staff",
          body: invoiceCreateSchema,
          response: invoiceAnswer,
          idempotencyKey: true,
          errors: ["NOT_FOUND", "INVOICE_EXISTS", "IDEMPOTENCY_CONFLICT"],
        },
        async (c) => {
          const staff = await requireStaff(c, deps);
          const rawKey = header(c, "idempotency-key");
          const key =
            rawKey === undefined ? undefined : parse(idempotencyKeySchema, rawKey, "Idempotency-Key");
          const input = await jsonBody(c, invoiceCreateSchema);
          const answer = await createInvoice(deps, staff, input, key);
          if (answer.replayed) c.header("Idempotent-Replayed", "true");
          return c.body(answer.json ?? JSON.stringify(answer.body), answer.status as 200, {
            "Content-Type": "application/json",
          });
        },
      ),
    )
    .get(
      "/invoices/:id",
      describe(
        {
          summary: "An invoice record, by its random id (what the QR code carries)",
          who: "staff",
          tag: "staff",
          params: invoiceParamsSchema,
          response: invoiceAnswer,
          errors: ["NOT_FOUND"],
        },
        async (c) => {
          await requireStaff(c, deps);
          queryOf(c, emptyQuerySchema);
          const { id } = parse(invoiceParamsSchema, { id: c.req.param("id") });
          return ok(c, [await readInvoice(deps, id)]);
        },
      ),
    );
}
