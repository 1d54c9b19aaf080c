import { Hono } from "hono";
import {
  emptyQuerySchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryParamsSchema,
} from "../../lib/core/schemas.ts";
import type { Deps } from "../deps.ts";
import { webhookDeliveryAnswer, webhookTestAnswer } from "../http/answers.ts";
import { requireStaff } from "../http/auth.ts";
import { type AppEnv, clientAddress } from "../http/env.ts";
import { ok } from "../http/envelope.ts";
import { parse, queryOf } from "../http/input.ts";
import { describe } from "../http/openapi.ts";
import { listDeliveries, retryDelivery, sendTestEvent } from "../services/webhooks/deliveryLog.ts";

/** The webhook delivery log (docs/webhooks.md), admins only. */
export function webhookRoutes(deps: Deps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get(
      "/admin/webhooks/deliveries",
      describe(
        {
          summary: "The webhook delivery log, newest first",
          who: "admin",
          tag: "webhooks",
          query: webhookDeliveriesQuerySchema,
          response: webhookDeliveryAnswer,
          description: "The envelope carries `next_cursor` while more deliveries follow.",
        },
        async (c) => {
          await requireStaff(c, deps, "admin");
          const page = queryOf(c, webhookDeliveriesQuerySchema);
          const { data, next_cursor } = await listDeliveries(deps, page);
          return c.json({ Code: 200, Message: "OK", Data: data, next_cursor });
        },
      ),
    )
    .post(
      "/admin/webhooks/deliveries/:id/retry",
      describe(
        {
          summary: "Sends a delivery again now",
          who: "admin",
          tag: "webhooks",
          query: emptyQuerySchema,
          params: webhookDeliveryParamsSchema,
          response: webhookDeliveryAnswer,
          errors: ["NOT_FOUND"],
          description:
            "Whatever its state, with a new 24-hour window; an endpoint stopped by 410 Gone receives again. Audited `webhook.retry`.",
        },
        async (c) => {
          const admin = await requireStaff(c, deps, "admin");
          queryOf(c, emptyQuerySchema);
          const { id } = parse(webhookDeliveryParamsSchema, { id: c.req.param("id") });
          const by = { staffId: admin.staff_id, ip: clientAddress(c, deps.config.trustProxy) };
          return ok(c, [await retryDelivery(deps, id, by)]);
        },
      ),
    )
    .post(
      "/admin/webhooks/test",
      describe(
        {
          summary: "Sends a `webhook.test` event to every endpoint",
          who: "admin",
          tag: "webhooks",
          query: emptyQuerySchema,
          response: webhookTestAnswer,
          description: "Audited `webhook.test`.",
        },
        async (c) => {
          const admin = await requireStaff(c, deps, "admin");
          queryOf(c, emptyQuerySchema);
          const by = { staffId: admin.staff_id, ip: clientAddress(c, deps.config.trustProxy) };
          return ok(c, [await sendTestEvent(deps, by)]);
        },
      ),
    );
}
