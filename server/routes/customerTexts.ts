import { Hono } from "hono";
import { legalDocumentsQuerySchema, redemptionOfferQuerySchema } from "../../lib/core/schemas.ts";
import type { Deps } from "../deps.ts";
import type { AppEnv } from "../http/env.ts";
import { ok } from "../http/envelope.ts";
import { queryOf } from "../http/input.ts";
import { legalDocuments, redemptionOffer } from "../services/customerTexts.ts";

/** The operator's texts the customer forms show (docs/deploy.md, "Customer texts"). */
export function customerTextRoutes(deps: Deps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get("/legal_documents", async (c) => {
      const { lang = "zh-HK" } = queryOf(c, legalDocumentsQuerySchema);
      return ok(c, await legalDocuments(deps.db, lang, deps.now()));
    })
    .get("/redemption_offer", async (c) => {
      const { flow, lang = "zh-HK" } = queryOf(c, redemptionOfferQuerySchema);
      return ok(c, await redemptionOffer(deps.db, flow, lang));
    });
}
