import { Hono } from "hono";
import { emptyQuerySchema, maintenancePutSchema } from "../../lib/core/schemas.ts";
import type { Deps } from "../deps.ts";
import { maintenanceAnswer } from "../http/answers.ts";
import { requireStaff } from "../http/auth.ts";
import { type AppEnv, clientAddress } from "../http/env.ts";
import { ApiFailure, ok } from "../http/envelope.ts";
import { jsonBody, queryOf } from "../http/input.ts";
import { describe } from "../http/openapi.ts";
import { recordAudit } from "../services/audit.ts";
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
          const record = await deps.db.transaction(async (tx) => {
            const updated = await updateMaintenance(tx, changes, admin.staff_id, deps.config.appEnv);
            await recordAudit(tx, {
              actor: admin.staff_id,
              action: "maintenance.update",
              target: "maintenance",
              ip: clientAddress(c, deps.config.trustProxy),
              detail: { fields: Object.keys(changes).sort() },
              atMs: deps.now(),
            });
            return updated;
          });
          return ok(c, [record]);
        },
      ),
    );
}
