import type { Context } from "hono";
import { Hono } from "hono";
import { emptyQuerySchema, hospitalQuerySchema } from "../../lib/core/schemas.ts";
import type { Deps } from "../deps.ts";
import { type AppEnv, header } from "../http/env.ts";
import { queryOf } from "../http/input.ts";
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

export function listRoutes(deps: Deps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get("/product_image", async (c) => {
      queryOf(c, emptyQuerySchema);
      return sendList(c, await deps.lists.products());
    })
    .get("/clinic_list", async (c) => {
      queryOf(c, emptyQuerySchema);
      return sendList(c, await deps.lists.clinics());
    })
    .get("/hospital_list", async (c) => {
      const { type } = queryOf(c, hospitalQuerySchema);
      return sendList(c, await deps.lists.hospitals(type));
    });
}
