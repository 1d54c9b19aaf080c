import { Hono } from "hono";
import {
  emailChallengeQuerySchema,
  emailCodeRequestSchema,
  emailCodeVerifySchema,
} from "../../lib/core/schemas.ts";
import { EMAIL_CODE_TICKET_HEADER, EMAIL_CODE_TICKET_PATTERN } from "../../lib/core/types.ts";
import type { Deps } from "../deps.ts";
import { challengeAnswer, codeSentAnswer, verifiedAnswer } from "../http/answers.ts";
import { type AppEnv, clientAddress } from "../http/env.ts";
import { ok } from "../http/envelope.ts";
import { idempotencyKeyOf, jsonBody, queryOf, ticketOf } from "../http/input.ts";
import { describe } from "../http/openapi.ts";
import { countRefusal } from "../observability/refusals.ts";
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
    .get(
      "/auth/challenge",
      describe(
        {
          summary: "A proof-of-work challenge for a code request past the free line",
          who: "any",
          tag: "sign-in",
          query: emailChallengeQuerySchema,
          response: challengeAnswer,
          description:
            "What `POST /api/auth/email/code` answers with 428 `CHALLENGE_REQUIRED`, asked for ahead of time; solve it and send the solution as `altcha`.",
        },
        async (c) => {
          const { email } = queryOf(c, emailChallengeQuerySchema);
          return ok(c, [await challengeFor(deps, email, clientAddress(c, deps.config.trustProxy))]);
        },
      ),
    )
    .post(
      "/auth/email/code",
      describe(
        {
          summary: "Mails a 6-digit sign-in code (10 minutes) usable only with the caller's ticket",
          who: "any",
          tag: "sign-in",
          body: emailCodeRequestSchema,
          response: codeSentAnswer,
          errors: [
            "RATE_LIMITED",
            "CHALLENGE_REQUIRED",
            "CHALLENGE_INVALID",
            "CHALLENGE_EXPIRED",
            "CHALLENGE_USED",
          ],
          headers: [
            {
              name: "X-Email-Code-Ticket",
              description: "The caller's own ticket (optional; one is made and answered when absent).",
            },
          ],
          description:
            "Past an e-mail's first 5 requests an hour or an address's first 60, a proof-of-work solution (`altcha`) is needed: 428 `CHALLENGE_REQUIRED` carries the challenge.",
        },
        async (c) => {
          const input = await jsonBody(c, emailCodeRequestSchema);
          const own = codeTicketOf(c);
          const { ticket } = await sendEmailCode(deps, input, clientAddress(c, deps.config.trustProxy), own);
          deps.metrics.codeSent(input.flow);
          c.header(EMAIL_CODE_TICKET_HEADER, ticket);
          return ok(c, [{ expires_in: CUSTOMER_CODE_TTL_MS / 1000, ticket }]);
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
          headers: [{ name: "X-Email-Code-Ticket", description: "The ticket the code was asked for with." }],
          description:
            "A wrong code answers `CODE_INVALID` with `Data: [{ tries_left }]`; 5 wrong tries stop the code. Guesses without the code's ticket never touch it.",
        },
        async (c) => {
          const input = await jsonBody(c, emailCodeVerifySchema);
          const address = clientAddress(c, deps.config.trustProxy);
          const opts = { useKey: idempotencyKeyOf(c), ticket: codeTicketOf(c) };
          const verified = await countRefusal(deps, "customer", () =>
            verifyEmailCode(deps, input, address, opts),
          );
          deps.metrics.codeVerified(input.flow);
          return ok(c, [verified]);
        },
      ),
    );
}
