import { Hono } from "hono";
import { emailCodeRequestSchema, emailCodeVerifySchema } from "../../lib/core/schemas.ts";
import type { Deps } from "../deps.ts";
import { type AppEnv, clientAddress } from "../http/env.ts";
import { ok } from "../http/envelope.ts";
import { idempotencyKeyOf, jsonBody } from "../http/input.ts";
import { CUSTOMER_CODE_TTL_MS, sendEmailCode, verifyEmailCode } from "../services/customerAuth.ts";

export function customerAuthRoutes(deps: Deps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .post("/auth/email/code", async (c) => {
      const input = await jsonBody(c, emailCodeRequestSchema);
      await sendEmailCode(deps, input, clientAddress(c, deps.config.trustProxy));
      return ok(c, [{ expires_in: CUSTOMER_CODE_TTL_MS / 1000 }]);
    })
    .post("/auth/email/verify", async (c) => {
      const input = await jsonBody(c, emailCodeVerifySchema);
      const address = clientAddress(c, deps.config.trustProxy);
      return ok(c, [await verifyEmailCode(deps, input, address, idempotencyKeyOf(c))]);
    });
}
