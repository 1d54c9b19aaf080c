import { Hono } from "hono";
import { outboxQuerySchema } from "../../lib/core/schemas.ts";
import type { Deps } from "../deps.ts";
import type { AppEnv } from "../http/env.ts";
import { ApiFailure, ok } from "../http/envelope.ts";
import { queryOf } from "../http/input.ts";

/** The mail the server would have sent; only while there is no SMTP_URL, never in production. */
export function devOutboxRoutes(deps: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  if (deps.config.production) return routes;
  return routes.get("/dev/outbox", async (c) => {
    if (!deps.mailer.devOutbox) throw new ApiFailure("DEV_OUTBOX_DISABLED");
    const query = queryOf(c, outboxQuerySchema);
    const entries = query.email
      ? await deps.mailer.outbox({
          to: query.email,
          kind: query.kind === "confirmation" ? "lead-confirmation" : "customer-code",
        })
      : await deps.mailer.outbox({ to: query.staff_id as string, kind: "staff-code" });
    return ok(c, entries);
  });
}
