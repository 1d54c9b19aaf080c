import { Hono } from "hono";
import { legalDocumentsQuerySchema, redemptionOfferQuerySchema } from "../../lib/core/schemas.ts";
import type { Deps } from "../deps.ts";
import { legalDocumentAnswer, redemptionOfferAnswer } from "../http/answers.ts";
import type { AppEnv } from "../http/env.ts";
import { ok } from "../http/envelope.ts";
import { queryOf } from "../http/input.ts";
import { describe } from "../http/openapi.ts";
import { legalDocuments, redemptionOffer } from "../services/customerTexts.ts";

/** The operator's texts the customer forms show (docs/deploy.md, "Customer texts"). */
export function customerTextRoutes(deps: Deps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get(
      "/legal_documents",
      describe(
        {
          summary: "The operator's privacy policy and collection statement in force",
          who: "any",
          tag: "texts",
          query: legalDocumentsQuerySchema,
          response: legalDocumentAnswer,
        },
        async (c) => {
          const { lang = "zh-HK" } = queryOf(c, legalDocumentsQuerySchema);
          return ok(c, await legalDocuments(deps.db, lang, deps.now()));
        },
      ),
    )
    .get(
      "/redemption_offer",
      describe(
        {
          summary: "What the flow's QR code is redeemed for (`[]` when none is published)",
          who: "any",
          tag: "texts",
          query: redemptionOfferQuerySchema,
          response: redemptionOfferAnswer,
        },
        async (c) => {
          const { flow, lang = "zh-HK" } = queryOf(c, redemptionOfferQuerySchema);
          return ok(c, await redemptionOffer(deps.db, flow, lang));
        },
      ),
    );
}
