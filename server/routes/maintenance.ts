import { Hono } from "hono";
import { emptyQuerySchema, maintenancePutSchema } from "../../lib/core/schemas.ts";
import type { Deps } from "../deps.ts";
import { maintenanceAnswer } from "../http/answers.ts";
import { requireStaff } from "../http/auth.ts";
import type { AppEnv } from "../http/env.ts";
import { ApiFailure, ok } from "../http/envelope.ts";
import { jsonBody, queryOf } from "../http/input.ts";
import { describe } from "../http/openapi.ts";
import { readMaintenance, updateMaintenance } from "../services/maintenance.ts";

export function maintenanceRoutes(deps: Deps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get(
      "/maintenance",
      describe(
        {
          summary: "The maintenance record the pages check",
          who: "any",
          tag: "maintenance",
          query: emptyQuerySchema,
          response: maintenanceAnswer,
        },
        async (c) => {
          queryOf(c, emptyQuerySchema);
          return ok(c, [await readMaintenance(deps.db, deps.config.appEnv)]);
        },
      ),
    )
    .put(
      "/maintenance",
      describe(
        {
          summary: "Changes the maintenance record",
          who: "admin",
          tag: "maintenance",
          body: maintenancePutSchema,
          response: maintenanceAnswer,
          description:
            "Any subset of the fields; `environment`, when sent, must be the one in force (`APP_ENV`).",
        },
        async (c) => {
          const admin = await requireStaff(c, deps, "admin");
          const { environment, ...changes } = await jsonBody(c, maintenancePutSchema);
          if (environment !== undefined && environment !== deps.config.appEnv)
            throw new ApiFailure("VALIDATION_FAILED", { field: "environment" });
          return ok(c, [await updateMaintenance(deps.db, changes, admin.staff_id, deps.config.appEnv)]);
        },
      ),
    );
}
