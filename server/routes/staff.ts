import type { Context } from "hono";
import { Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { staffLoginSchema, staffOtpSchema, staffQuerySchema } from "../../lib/core/schemas.ts";
import { STAFF_CODE_TICKET_HEADER } from "../../lib/core/types.ts";
import type { Deps } from "../deps.ts";
import { staffAnswer } from "../http/answers.ts";
import { requireStaff } from "../http/auth.ts";
import { type AppEnv, clientAddress, header, requestScheme } from "../http/env.ts";
import { ApiFailure, ok } from "../http/envelope.ts";
import { idempotencyKeyOf, jsonBody, queryOf } from "../http/input.ts";
import { describe } from "../http/openapi.ts";
import { countRefusal } from "../observability/refusals.ts";
import { mailLang } from "../services/mailTexts.ts";
import { findStaff, STAFF_CODE_TTL_MS, staffLogin, staffOtp, staffRecord } from "../services/staff.ts";

/**
 * The code step's ticket (docs/sessions.md): the password step hands it out twice, as an HttpOnly
 * SameSite=Strict cookie only /api/staff/otp receives (browsers on the server's own origin send it
 * back by themselves) and as a response header (for a staff page on another allowed origin, whose
 * calls carry no cookies: the client sends it back in the same request header).
 */
const TICKET_COOKIE = "nu_staff_code";

function handOut(c: Context<AppEnv>, deps: Deps, ticket: string): void {
  setCookie(c, TICKET_COOKIE, ticket, {
    path: "/api/staff/otp",
    httpOnly: true,
    sameSite: "Strict",
    secure: requestScheme(c, deps.config.trustProxy) === "https",
    maxAge: STAFF_CODE_TTL_MS / 1000,
  });
  c.header(STAFF_CODE_TICKET_HEADER, ticket);
}

function ticketOf(c: Context<AppEnv>): string | undefined {
  return (
    header(c, STAFF_CODE_TICKET_HEADER.toLowerCase() as Lowercase<string>) ?? getCookie(c, TICKET_COOKIE)
  );
}

export function staffRoutes(deps: Deps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .post(
      "/staff/login",
      describe(
        {
          summary: "Staff sign-in, step 1: the password",
          who: "any",
          tag: "sign-in",
          body: staffLoginSchema,
          response: staffAnswer,
          errors: ["INVALID_CREDENTIALS", "STAFF_LOCKED", "RATE_LIMITED"],
          description:
            'The staff record with `staff_token`, or `need_otp: "Y"` and `staff_token: ""` when a mailed code follows; then the code step\'s ticket comes as cookie `nu_staff_code` and header `X-Staff-Code-Ticket`. 5 failures lock the account 15 minutes (423).',
        },
        async (c) => {
          const input = await jsonBody(c, staffLoginSchema);
          const address = clientAddress(c, deps.config.trustProxy);
          const { record, ticket } = await countRefusal(deps, "staff", () =>
            staffLogin(deps, input.staff_id, input.password, address, mailLang(input.lang)),
          );
          if (ticket !== undefined) {
            handOut(c, deps, ticket);
            deps.metrics.codeSent("staff");
          }
          return ok(c, [record]);
        },
      ),
    )
    .post(
      "/staff/otp",
      describe(
        {
          summary: "Staff sign-in, step 2: the mailed code",
          who: "any",
          tag: "sign-in",
          body: staffOtpSchema,
          response: staffAnswer,
          idempotencyKey: true,
          headers: [
            {
              name: STAFF_CODE_TICKET_HEADER,
              description: "The ticket the password step handed out (or its cookie)",
            },
          ],
          errors: ["CODE_INVALID", "CODE_EXPIRED", "OTP_REQUIRED", "STAFF_LOCKED", "RATE_LIMITED"],
        },
        async (c) => {
          const input = await jsonBody(c, staffOtpSchema);
          const address = clientAddress(c, deps.config.trustProxy);
          const opts = { useKey: idempotencyKeyOf(c), ticket: ticketOf(c) };
          const record = await countRefusal(deps, "staff", () =>
            staffOtp(deps, input.staff_id, input.code, address, opts),
          );
          deps.metrics.codeVerified("staff");
          return ok(c, [record]);
        },
      ),
    )
    .get(
      "/staff",
      describe(
        {
          summary: "A staff record, never its token",
          who: "staff",
          tag: "staff",
          query: staffQuerySchema,
          response: staffAnswer,
          errors: ["NOT_FOUND"],
        },
        async (c) => {
          await requireStaff(c, deps);
          const { staff_id } = queryOf(c, staffQuerySchema);
          const row = await findStaff(deps.db, staff_id);
          if (!row) throw new ApiFailure("NOT_FOUND");
          return ok(c, [staffRecord(row)]);
        },
      ),
    );
}
