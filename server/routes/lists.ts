import type { Context } from "hono";
import { Hono } from "hono";
import { emptyQuerySchema, hospitalQuerySchema } from "../../lib/core/schemas.ts";
import type { Deps } from "../deps.ts";
import { clinicAnswer, hospitalAnswer, productAnswer } from "../http/answers.ts";
import { type AppEnv, header } from "../http/env.ts";
import { queryOf } from "../http/input.ts";
import { describe } from "../http/openapi.ts";
import type { CachedList } from "../services/lists.ts";

/**
 * The list's ready answer: its bytes and headers as built when the list was read (the pipeline
 * adds the request id and the /api headers on Node's response); `304` when the caller already
 * holds this version (`If-None-Match`).
 */
function sendList(c: Context<AppEnv>, list: CachedList): Response {
  const held = header(c, "if-none-match");
  if (
    held !== undefined &&
    (held.trim() === "*" || held.split(",").some((t) => t.trim().replace(/^W\//, "") === list.etag))
  ) {
    return c.body(null, 304, { "Cache-Control": list.headers["cache-control"], ETag: list.etag });
  }
  return new Response(list.body, { status: 200, headers: list.headers });
}

const LISTS = "Cached: answers carry an `ETag`; `If-None-Match` gets 304.";

export function listRoutes(deps: Deps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get(
      "/product_image",
      describe(
        {
          summary: "Products offered on the product step",
          who: "any",
          tag: "lists",
          query: emptyQuerySchema,
          response: productAnswer,
          description: LISTS,
        },
        async (c) => {
          queryOf(c, emptyQuerySchema);
          return sendList(c, await deps.lists.products());
        },
      ),
    )
    .get(
      "/clinic_list",
      describe(
        {
          summary: "Cooperative-partner clinics",
          who: "any",
          tag: "lists",
          query: emptyQuerySchema,
          response: clinicAnswer,
          description: LISTS,
        },
        async (c) => {
          queryOf(c, emptyQuerySchema);
          return sendList(c, await deps.lists.clinics());
        },
      ),
    )
    .get(
      "/hospital_list",
      describe(
        {
          summary: "Hong Kong hospitals, of one type or both",
          who: "any",
          tag: "lists",
          query: hospitalQuerySchema,
          response: hospitalAnswer,
          description: `${LISTS} Ids are per type: \`(type, id)\` names a hospital.`,
        },
        async (c) => {
          const { type } = queryOf(c, hospitalQuerySchema);
          return sendList(c, await deps.lists.hospitals(type));
        },
      ),
    );
}
