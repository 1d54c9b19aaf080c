import { Hono } from "hono";
import { emailCodeRequestSchema, emailCodeVerifySchema } from "../../lib/core/schemas.ts";
import type { Deps } from "../deps.ts";
import { codeSentAnswer, verifiedAnswer } from "../http/answers.ts";
import { type AppEnv, clientAddress } from "../http/env.ts";
import { ok } from "../http/envelope.ts";
import { idempotencyKeyOf, jsonBody } from "../http/input.ts";
import { describe } from "../http/openapi.ts";
import { countRefusal } from "../observability/refusals.ts";
import { CUSTOMER_CODE_TTL_MS, sendEmailCode, verifyEmailCode } from "../services/customerAuth.ts";

export function customerAuthRoutes(deps: Deps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .post(
      "/auth/email/code",
      describe(
        {
          summary: "Mails a 6-digit sign-in code (10 minutes)",
          who: "any",
          tag: "sign-in",
          body: emailCodeRequestSchema,
          response: codeSentAnswer,
          errors: ["RATE_LIMITED"],
          description:
            "5 codes per e-mail from one client address (20 from all together) and 120 per client address an hour; 429 with `Retry-After` beyond.",
        },
        async (c) => {
          const input = await jsonBody(c, emailCodeRequestSchema);
          await sendEmailCode(deps, input, clientAddress(c, deps.config.trustProxy));
          deps.metrics.codeSent(input.flow);
          return ok(c, [{ expires_in: CUSTOMER_CODE_TTL_MS / 1000 }]);
        },
      ),
    )
    .post(
      "/auth/email/verify",
      describe(
        {
          summary: "Checks the code: a customer token for the flow, and the e-mail's lead if any",
          who: "any",
          tag: "sign-in",
          body: emailCodeVerifySchema,
          response: verifiedAnswer,
          idempotencyKey: true,
          errors: ["CODE_INVALID", "CODE_EXPIRED", "CODE_TOO_MANY_ATTEMPTS"],
          description:
            "A wrong code answers `CODE_INVALID` with `Data: [{ tries_left }]`; 5 wrong tries stop the code.",
        },
        async (c) => {
          const input = await jsonBody(c, emailCodeVerifySchema);
          const address = clientAddress(c, deps.config.trustProxy);
          const verified = await countRefusal(deps, "customer", () =>
            verifyEmailCode(deps, input, address, idempotencyKeyOf(c)),
          );
          deps.metrics.codeVerified(input.flow);
          return ok(c, [verified]);
        },
      ),
    );
}
