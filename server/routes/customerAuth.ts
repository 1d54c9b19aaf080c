import { Hono } from "hono";
import {
  emailChallengeQuerySchema,
  emailCodeRequestSchema,
  emailCodeVerifySchema,
} from "../../lib/core/schemas.ts";
import { EMAIL_CODE_TICKET_HEADER, EMAIL_CODE_TICKET_PATTERN } from "../../lib/core/types.ts";
import type { Deps } from "../deps.ts";
import { type AppEnv, clientAddress } from "../http/env.ts";
import { ok } from "../http/envelope.ts";
import { idempotencyKeyOf, jsonBody, queryOf, ticketOf } from "../http/input.ts";
import {
  CUSTOMER_CODE_TTL_MS,
  challengeFor,
  sendEmailCode,
  verifyEmailCode,
} from "../services/customerAuth.ts";

const codeTicketOf = (c: Parameters<typeof ticketOf>[0]) =>
  ticketOf(c, EMAIL_CODE_TICKET_HEADER, EMAIL_CODE_TICKET_PATTERN);

export function customerAuthRoutes(deps: Deps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get("/auth/challenge", async (c) => {
      const { email } = queryOf(c, emailChallengeQuerySchema);
      return ok(c, [await challengeFor(deps, email, clientAddress(c, deps.config.trustProxy))]);
    })
    .post("/auth/email/code", async (c) => {
      const input = await jsonBody(c, emailCodeRequestSchema);
      const own = codeTicketOf(c);
      const { ticket } = await sendEmailCode(deps, input, clientAddress(c, deps.config.trustProxy), own);
      c.header(EMAIL_CODE_TICKET_HEADER, ticket);
      return ok(c, [{ expires_in: CUSTOMER_CODE_TTL_MS / 1000, ticket }]);
    })
    .post("/auth/email/verify", async (c) => {
      const input = await jsonBody(c, emailCodeVerifySchema);
      const address = clientAddress(c, deps.config.trustProxy);
      const opts = { useKey: idempotencyKeyOf(c), ticket: codeTicketOf(c) };
      return ok(c, [await verifyEmailCode(deps, input, address, opts)]);
    });
}
