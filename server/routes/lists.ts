import { Hono } from "hono";
import { emptyQuerySchema, hospitalQuerySchema } from "../../lib/core/schemas.ts";
import type { Deps } from "../deps.ts";
import type { AppEnv } from "../http/env.ts";
import { ok } from "../http/envelope.ts";
import { queryOf } from "../http/input.ts";
import { clinics, hospitals, products } from "../services/lists.ts";

export function listRoutes(deps: Deps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get("/product_image", async (c) => {
      queryOf(c, emptyQuerySchema);
      return ok(c, await products(deps.db));
    })
    .get("/clinic_list", async (c) => {
      queryOf(c, emptyQuerySchema);
      return ok(c, await clinics(deps.db));
    })
    .get("/hospital_list", async (c) => {
      const { type } = queryOf(c, hospitalQuerySchema);
      return ok(c, await hospitals(deps.db, type));
    });
}
