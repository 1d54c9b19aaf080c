import type { Context } from "hono";
import { Hono } from "hono";
import { NUFORM_BASE, RECRUITMENT_BASE } from "../../lib/core/routes.ts";
import {
  idempotencyKeySchema,
  leadCreateSchema,
  leadPatchSchema,
  leadQuerySchema,
} from "../../lib/core/schemas.ts";
import type { Principal } from "../auth/tokens.ts";
import type { Deps } from "../deps.ts";
import { leadAnswer } from "../http/answers.ts";
import { customerForWrite, principalOf, staffFromPrincipal } from "../http/auth.ts";
import { type AppEnv, allowedPageUrl, clientAddress, header, publicOriginOf } from "../http/env.ts";
import { ApiFailure, ok } from "../http/envelope.ts";
import { jsonBody, parse, queryOf } from "../http/input.ts";
import { type CallDoc, describe } from "../http/openapi.ts";
import { recordAudit } from "../services/audit.ts";
import { createLead, patchLead, readLead } from "../services/leads.ts";

/** A customer, or a staff member who still exists (with the role read fresh). */
async function reader(c: Context<AppEnv>, deps: Deps): Promise<{ principal: Principal; role?: string }> {
  const principal = await principalOf(c, deps);
  if (!principal) throw new ApiFailure("UNAUTHENTICATED");
  if (principal.kind === "customer") return { principal };
  const staff = await staffFromPrincipal(principal, deps);
  return { principal, role: staff.role };
}

const CREATE = {
  summary: "Creates the signed-in customer's lead",
  who: "customer",
  tag: "leads",
  body: leadCreateSchema,
  response: leadAnswer,
  idempotencyKey: true,
  errors: ["FORBIDDEN", "LEAD_EXISTS", "IDEMPOTENCY_CONFLICT"],
  description:
    "One lead per e-mail and flow (409 `LEAD_EXISTS` with its id). A retry with the same `Idempotency-Key` gets the first answer (`Idempotent-Replayed: true`).",
} satisfies CallDoc;

export function leadRoutes(deps: Deps): Hono<AppEnv> {
  return new Hono<AppEnv>()
    .get(
      "/lead",
      describe(
        {
          summary: "A lead, by its reference",
          who: "customer or staff",
          tag: "leads",
          query: leadQuerySchema,
          response: leadAnswer,
          errors: ["FORBIDDEN", "NOT_FOUND"],
          description:
            "A customer reads only leads of their own e-mail (another's is 403). Staff see e-mail and phone masked unless an admin adds `&full=1`.",
        },
        async (c) => {
          const { principal, role } = await reader(c, deps);
          const query = queryOf(c, leadQuerySchema);
          const id = (query.id ?? query.leadId) as string;
          const full = query.full === "1";
          const lead = await readLead(deps, principal, id, { full, role });
          // An admin's full view (e-mail and phone unmasked) leaves its audit entry before the answer.
          if (full && role === "admin" && principal.kind === "staff")
            await recordAudit(deps.db, {
              actor: principal.staffId,
              action: "lead.view",
              target: lead.id,
              ip: clientAddress(c, deps.config.trustProxy),
              detail: { via: "lead" },
              atMs: deps.now(),
            });
          return ok(c, [lead]);
        },
      ),
    )
    .post(
      "/lead",
      describe(CREATE, async (c) => {
        // The session is checked in the insert itself when this instance has not seen it yet.
        const { customer, pending } = await customerForWrite(c, deps);
        const rawKey = header(c, "idempotency-key");
        const key = rawKey === undefined ? undefined : parse(idempotencyKeySchema, rawKey, "Idempotency-Key");
        const input = await jsonBody(c, leadCreateSchema);
        // The confirmation mail links back to the page the customer enrolled on when it is allowed,
        // else (and instead of a step of this server's own form page) to the flow's start page.
        const flowPage = `${publicOriginOf(c, deps.config)}${input.flow === "recruitment" ? RECRUITMENT_BASE : NUFORM_BASE}`;
        const page = allowedPageUrl(c, deps.config, input.page_url);
        const ownFormPage = page?.startsWith(`${new URL(flowPage).origin}/customer/`) === true;
        const memberUrl = page === undefined || ownFormPage ? flowPage : page;
        const answer = await createLead(
          deps,
          customer,
          input,
          key,
          pending,
          memberUrl,
          publicOriginOf(c, deps.config),
        );
        if (answer.replayed) c.header("Idempotent-Replayed", "true");
        else if (answer.status === 200) deps.metrics.leadCreated(input.flow);
        if (answer.json !== undefined)
          return c.body(answer.json, answer.status as 200, { "Content-Type": "application/json" });
        return c.json(answer.body, answer.status as 200);
      }),
    )
    .patch(
      "/lead",
      describe(
        {
          summary: "Changes a lead",
          who: "customer or staff",
          tag: "leads",
          body: leadPatchSchema,
          response: leadAnswer,
          errors: ["FORBIDDEN", "NOT_FOUND"],
          description:
            "`{ id, …fields }`: any lead field except `email`, `flow`; `consents` only by the customer. Each change is recorded (who, when, which fields).",
        },
        async (c) => {
          const { principal, role } = await reader(c, deps);
          const input = await jsonBody(c, leadPatchSchema);
          return ok(c, [await patchLead(deps, principal, input, { full: false, role })]);
        },
      ),
    );
}
