import { Hono } from "hono";
import { staffLoginSchema, staffOtpSchema, staffQuerySchema } from "../../lib/core/schemas.ts";
import type { Deps } from "../deps.ts";
import { requireStaff } from "../http/auth.ts";
import { type AppEnv, clientAddress } from "../http/env.ts";
import { ApiFailure, ok } from "../http/envelope.ts";
import { idempotencyKeyOf, jsonBody, queryOf } from "../http/input.ts";
import { findStaff, staffLogin, staffOtp, staffRecord } from "../services/staff.ts";

export function staffRoutes(deps: Deps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .post("/staff/login", async (c) => {
      const input = await jsonBody(c, staffLoginSchema);
      const address = clientAddress(c, deps.config.trustProxy);
      return ok(c, [await staffLogin(deps, input.staff_id, input.password, address)]);
    })
    .post("/staff/otp", async (c) => {
      const input = await jsonBody(c, staffOtpSchema);
      const address = clientAddress(c, deps.config.trustProxy);
      return ok(c, [await staffOtp(deps, input.staff_id, input.code, address, idempotencyKeyOf(c))]);
    })
    .get("/staff", async (c) => {
      await requireStaff(c, deps);
      const { staff_id } = queryOf(c, staffQuerySchema);
      const row = await findStaff(deps.db, staff_id);
      if (!row) throw new ApiFailure("NOT_FOUND");
      return ok(c, [staffRecord(row)]);
    });
}
