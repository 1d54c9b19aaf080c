/**
 * `POST /api/beacon/view` {flow, partner?}: an element was shown. Counted into the funnel for
 * today; no cookie is read or set and nothing about the visitor is kept (docs/embedding.md says
 * how a host page turns it off).
 */
import { Hono } from "hono";
import { viewBeaconSchema } from "../../lib/core/schemas.ts";
import type { Deps } from "../deps.ts";
import type { AppEnv } from "../http/env.ts";
import { ok } from "../http/envelope.ts";
import { jsonBody } from "../http/input.ts";
import { describe } from "../http/openapi.ts";
import { countView } from "../services/funnel.ts";

export function beaconRoutes(deps: Deps): Hono<AppEnv> {
  return new Hono<AppEnv>().post(
    "/beacon/view",
    describe(
      {
        summary: "An element was shown (counted into today's funnel)",
        who: "any",
        tag: "funnel",
        body: viewBeaconSchema,
        description: "No cookie is read or set and nothing about the visitor is kept. `Data` is empty.",
      },
      async (c) => {
        const { flow, partner } = await jsonBody(c, viewBeaconSchema);
        await countView(deps.db, flow, partner ?? null, deps.now());
        return ok(c, []);
      },
    ),
  );
}
