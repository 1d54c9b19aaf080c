import type { Context } from "hono";
import { Hono } from "hono";
import { outboxQuerySchema } from "../../lib/core/schemas.ts";
import type { Deps } from "../deps.ts";
import { outboxAnswer } from "../http/answers.ts";
import type { AppEnv } from "../http/env.ts";
import { ApiFailure, ok } from "../http/envelope.ts";
import { queryOf } from "../http/input.ts";
import { describe } from "../http/openapi.ts";

/** The mail the server would have sent; only while there is no SMTP_URL, never in production. */
export function devOutboxRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  if (deps.config.production) return routes;
  const doc = describe(
    {
      summary: "The mail the server would have sent (dev outbox only; never in production)",
      who: "any",
      tag: "dev",
      query: outboxQuerySchema,
      response: outboxAnswer,
      errors: ["DEV_OUTBOX_DISABLED"],
      description:
        "`?email=` a customer's codes (`&kind=confirmation`: the lead confirmations), `?staff_id=` a staff member's; newest first.",
    },
    async (c: Context<AppEnv>) => {
      if (!deps.mailer.devOutbox) throw new ApiFailure("DEV_OUTBOX_DISABLED");
      const query = queryOf(c, outboxQuerySchema);
      const entries = query.email
        ? await deps.mailer.outbox({
            to: query.email,
            kind: query.kind === "confirmation" ? "lead-confirmation" : "customer-code",
          })
        : await deps.mailer.outbox({ to: query.staff_id as string, kind: "staff-code" });
      return ok(c, entries);
    },
  );
  return routes.get("/dev/outbox", doc);
}
