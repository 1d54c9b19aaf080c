/**
 * The webhook events' bodies, `{ type, timestamp, data }`, as valibot schemas: the OpenAPI document's
 * `webhooks` are written from them, and the code that emits an event can check its `data` with the
 * same schema. `data` names leads by id; it never carries a token or a sign-in code.
 */
import * as v from "valibot";
import { flowSchema, redemptionKindSchema } from "../../lib/core/schemas.ts";
import { leadAnswer } from "../http/answers.ts";

const leadRef = v.looseObject({ lead_id: v.string(), flow: flowSchema });

export const EVENT_DATA = {
  "lead.created": v.looseObject({ ...leadRef.entries, lead: v.optional(leadAnswer) }),
  "lead.updated": v.looseObject({
    ...leadRef.entries,
    /** The names of the fields that changed. */
    fields: v.array(v.string()),
  }),
  "lead.redeemed": v.looseObject({
    ...leadRef.entries,
    kind: redemptionKindSchema,
    staff_id: v.string(),
    redeemed_at: v.pipe(v.string(), v.isoTimestamp()),
  }),
  "consent.withdrawn": v.looseObject({
    lead_id: v.string(),
    purpose: v.literal("marketing"),
    channel: v.picklist(["form", "unsubscribe", "staff", "admin"]),
    at: v.pipe(v.string(), v.isoTimestamp()),
  }),
  "lead.erased": v.looseObject({ lead_id: v.string() }),
} as const;

export type PublicEventType = keyof typeof EVENT_DATA;

export const EVENT_SUMMARIES: Record<PublicEventType, string> = {
  "lead.created": "A customer created a lead",
  "lead.updated": "A lead was changed (by its customer, staff or an admin)",
  "lead.redeemed": "Staff redeemed a gift of a lead",
  "consent.withdrawn": "A customer's marketing consent was withdrawn",
  "lead.erased": "A lead's personal fields were erased",
};

/** The body of one event of `type`, checkable with valibot. */
export function eventBodySchema(type: PublicEventType) {
  return v.strictObject({
    type: v.literal(type),
    timestamp: v.pipe(v.string(), v.isoTimestamp()),
    data: EVENT_DATA[type],
  });
}
