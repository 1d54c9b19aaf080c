/**
 * Ending and renewing sessions:
 * - `POST /api/auth/sign-out` (staff or customer token): `{}` ends this token's session;
 *   `{ everywhere: true }` every session of the same staff id or e-mail; `{ staff_id }` every
 *   session of that staff member (admins for anyone, other staff only for themselves).
 * - `POST /api/auth/renew` (staff token): a fresh token of the same session.
 */
import type { Context } from "hono";
import { Hono } from "hono";
import { signOutSchema } from "../../lib/core/schemas.ts";
import type { Deps } from "../deps.ts";
import { renewedAnswer, signedOutAnswer } from "../http/answers.ts";
import { principalOf, staffFromPrincipal } from "../http/auth.ts";
import type { AppEnv } from "../http/env.ts";
import { ApiFailure, ok } from "../http/envelope.ts";
import { bodyText, jsonBody } from "../http/input.ts";
import { describe } from "../http/openapi.ts";
import { findStaff } from "../services/staff.ts";

/** A body-less POST is `{}`; anything sent must be the JSON the schema asks for. */
async function optionalBody(c: Context<AppEnv>) {
  if (c.req.header("content-type") === undefined && (await bodyText(c)) === "") return {};
  return jsonBody(c, signOutSchema);
}

export function sessionRoutes(deps: Deps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .post(
      "/auth/sign-out",
      describe(
        {
          summary: "Ends sessions: this token's, all of its person's, or a staff member's",
          who: "customer or staff",
          tag: "sign-in",
          body: signOutSchema,
          response: signedOutAnswer,
          errors: ["FORBIDDEN", "NOT_FOUND"],
          description:
            "`{}` this token's session; `{ everywhere: true }` every session of the same staff id or e-mail; `{ staff_id }` every session of that staff member (admins, or oneself). No body is `{}`.",
        },
        async (c) => {
          const principal = await principalOf(c, deps);
          if (!principal) throw new ApiFailure("UNAUTHENTICATED");
          const input = await optionalBody(c);
          const { sessions } = deps;
          let ended: number;
          if (input.staff_id !== undefined) {
            if (principal.kind !== "staff") throw new ApiFailure("FORBIDDEN");
            const caller = await staffFromPrincipal(principal, deps);
            if (input.staff_id === caller.staff_id) {
              ended = await sessions.endAll("staff", caller.staff_id, "everywhere");
            } else {
              if (caller.role !== "admin") throw new ApiFailure("FORBIDDEN");
              if (!(await findStaff(deps.db, input.staff_id))) throw new ApiFailure("NOT_FOUND");
              ended = await sessions.endAll("staff", input.staff_id, `admin:${caller.staff_id}`);
            }
          } else if (input.everywhere) {
            ended =
              principal.kind === "staff"
                ? await sessions.endAll("staff", principal.staffId, "everywhere")
                : await sessions.endAll(
                    "customer",
                    deps.tokens.customerSubject(principal.email),
                    "everywhere",
                  );
          } else {
            ended = (await sessions.end(principal.sid, "sign-out")) ? 1 : 0;
          }
          return ok(c, [{ ended }]);
        },
      ),
    )
    .post(
      "/auth/renew",
      describe(
        {
          summary: "A new staff token of the same session (30 more minutes, never past 12 h after sign-in)",
          who: "staff",
          tag: "sign-in",
          response: renewedAnswer,
          errors: ["FORBIDDEN"],
        },
        async (c) => {
          const principal = await principalOf(c, deps);
          if (!principal) throw new ApiFailure("UNAUTHENTICATED");
          if (principal.kind !== "staff") throw new ApiFailure("FORBIDDEN");
          const staff = await staffFromPrincipal(principal, deps);
          const renewed = await deps.tokens.renewStaff({ ...principal, role: staff.role });
          return ok(c, [
            {
              token: renewed.token,
              expires_at: new Date(renewed.expiresAtMs).toISOString(),
              session_expires_at: new Date(principal.sessionEndsMs).toISOString(),
            },
          ]);
        },
      ),
    );
}
