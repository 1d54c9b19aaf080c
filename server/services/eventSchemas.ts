/**
 * The webhook events' bodies, `{ type, timestamp, data }`, as valibot schemas: the OpenAPI document's
 * `webhooks` are written from them, and the code that emits an event can check its `data` with the
 * same schema. `data` names leads by id; it never carries a token or a sign-in code.
 */
import * as v from "valibot";
import { redemptionKindSchema } from "../../lib/core/schemas.ts";
import { leadAnswer } from "../http/answers.ts";

const when = v.pipe(v.string(), v.isoTimestamp());
/** The lead as an admin reads it (`GET /api/lead`), without its redemptions. */
const leadNow = v.omit(leadAnswer, ["redemptions"]);

export const EVENT_DATA = {
  "lead.created": v.strictObject({ lead_id: v.string(), lead: leadNow }),
  "lead.updated": v.strictObject({
    lead_id: v.string(),
    lead: leadNow,
    /** The names of the fields sent, sorted. */
    fields: v.array(v.string()),
    /** `customer`, or the staff id of who changed it. */
    by: v.string(),
  }),
  "lead.redeemed": v.strictObject({
    lead_id: v.string(),
    kind: redemptionKindSchema,
    staff_id: v.string(),
    redeemed_at: when,
  }),
  "consent.withdrawn": v.strictObject({
    lead_id: v.string(),
    purpose: v.literal("marketing"),
    /** The customer's form, a mail's opt-out link, or an admin recording it. */
    channel: v.picklist(["form", "unsubscribe", "admin"]),
    at: when,
  }),
  "lead.erased": v.strictObject({
    lead_id: v.string(),
    /** At the person's request (the DPO's erasure), or by the retention job. */
    reason: v.picklist(["request", "retention"]),
  }),
} as const;

export type PublicEventType = keyof typeof EVENT_DATA;

/** What an event of `type` carries in `data`: the emitting code is typed by it. */
export type EventData<T extends PublicEventType> = v.InferInput<(typeof EVENT_DATA)[T]>;

export const EVENT_SUMMARIES: Record<PublicEventType, string> = {
  "lead.created": "A customer created a lead",
  "lead.updated": "A lead was changed (by its customer, staff or an admin)",
  "lead.redeemed": "Staff redeemed a gift of a lead",
  "consent.withdrawn": "A customer's marketing consent was withdrawn",
  "lead.erased": "A lead's personal fields were erased",
};

/**
 * `data` of an event not yet delivered when its person was erased: the personal data is gone, the
 * type and the lead id stay (server/services/privacy.ts).
 */
export const REDACTED_DATA = v.strictObject({ lead_id: v.string(), redacted: v.literal(true) });

/** The body of one event of `type` as delivered, checkable with valibot. */
export function eventBodySchema(type: PublicEventType) {
  return v.strictObject({
    type: v.literal(type),
    timestamp: v.pipe(v.string(), v.isoTimestamp()),
    data: type === "lead.erased" ? EVENT_DATA[type] : v.union([EVENT_DATA[type], REDACTED_DATA]),
  });
}
