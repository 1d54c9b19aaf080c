/**
 * What the /api calls answer in `Data`, one item each, as valibot schemas: the OpenAPI document
 * (server/http/openapi.ts) is written from them, and server/test/operable.test.ts checks real
 * answers against them. Objects are loose: an answer may gain a field without breaking a client.
 */
import * as v from "valibot";
import {
  flowSchema,
  hospitalTypeSchema,
  redemptionKindSchema,
  textLangSchema,
} from "../../lib/core/schemas.ts";

const text = v.string();
const when = v.pipe(v.string(), v.isoTimestamp());
const maybe = <S extends v.GenericSchema>(schema: S) => v.optional(v.nullable(schema));

export const hospitalAnswer = v.looseObject({
  id: v.number(),
  en_name: text,
  cn_name: text,
  type: hospitalTypeSchema,
});
export const clinicAnswer = v.looseObject({
  id: text,
  name_zh: text,
  name_en: text,
  district: v.optional(text),
  address_zh: v.optional(text),
  address_en: v.optional(text),
  phone: v.optional(text),
});
export const productAnswer = v.looseObject({
  id: text,
  name_zh: text,
  name_en: text,
  description_zh: v.optional(text),
  description_en: v.optional(text),
  image_url: text,
});
export const legalDocumentAnswer = v.looseObject({
  kind: v.picklist(["privacy_policy", "pics"]),
  version: text,
  lang: textLangSchema,
  title: text,
  body: text,
  published_at: when,
});
export const redemptionOfferAnswer = v.looseObject({
  flow: flowSchema,
  lang: textLangSchema,
  gift: text,
  places: text,
  valid_days: v.number(),
});
export const codeSentAnswer = v.looseObject({ expires_in: v.number(), ticket: text });
/** An altcha-lib challenge (proof of work) and whether the next code request needs it. */
export const challengeAnswer = v.looseObject({
  algorithm: text,
  challenge: text,
  maxnumber: v.number(),
  salt: text,
  signature: text,
  required: v.boolean(),
});
export const verifiedAnswer = v.looseObject({
  token: text,
  existing: v.boolean(),
  lead_id: v.nullable(text),
  lead_flow: maybe(flowSchema),
});
export const redemptionAnswer = v.looseObject({
  lead_id: v.optional(text),
  kind: redemptionKindSchema,
  staff_id: text,
  staff_name: text,
  redeemed_at: when,
  note: maybe(text),
});
export const leadAnswer = v.looseObject({
  id: text,
  flow: flowSchema,
  email: text,
  last_name: text,
  first_name: text,
  phone_code: text,
  phone: text,
  consents: v.looseObject({ terms: v.boolean(), privacy: v.boolean(), marketing: v.optional(v.boolean()) }),
  residence: maybe(text),
  address: maybe(v.looseObject({})),
  address_en: maybe(v.looseObject({})),
  address_cn: maybe(v.looseObject({})),
  tnc: maybe(text),
  partner: maybe(text),
  product_id: maybe(text),
  clinic_id: maybe(text),
  baby: maybe(v.looseObject({ status: v.picklist(["expecting", "born"]), date: text })),
  redemptions: v.array(redemptionAnswer),
  created_at: when,
  updated_at: when,
});
export const staffAnswer = v.looseObject({
  staff_id: text,
  first_name: text,
  last_name: text,
  role: v.picklist(["staff", "admin"]),
  phone: text,
  need_otp: v.picklist(["Y", "N"]),
  /** Empty while a code step follows; absent from GET /api/staff. */
  staff_token: v.optional(text),
});
export const signedOutAnswer = v.looseObject({ ended: v.number() });
export const renewedAnswer = v.looseObject({ token: text, expires_at: when, session_expires_at: when });
export const invoiceAnswer = v.looseObject({
  id: v.pipe(v.string(), v.uuid()),
  lead_id: text,
  staff_id: text,
  staff_name: text,
  invoice_no: text,
  invoice_date: text,
  amount: v.number(),
  currency: v.literal("HKD"),
  shop: text,
  items: v.array(v.looseObject({ product_id: text, quantity: v.number() })),
  note: maybe(text),
  created_at: when,
});
export const maintenanceAnswer = v.looseObject({
  environment: text,
  enable_maintenance: text,
  enable_maintenance_nuform: text,
  enable_maintenance_reform: text,
  nuform_online_date: text,
  maintenance_messages: text,
  maintenance_messages_nuform: text,
  maintenance_messages_reform: text,
});
export const outboxAnswer = v.looseObject({
  to: text,
  kind: v.picklist(["customer-code", "staff-code", "lead-confirmation"]),
  code: v.nullable(text),
  /** The language it was written in (zh-HK, zh-Hans, en), its subject and HTML part. */
  lang: v.nullable(text),
  subject: v.nullable(text),
  text,
  html: v.nullable(text),
  created_at: when,
});
/** A lead on the lead desk: e-mail and phone masked unless unmasked, and its marketing consent now. */
export const deskLeadAnswer = v.looseObject({ ...leadAnswer.entries, marketing: v.boolean() });
export const consentEventAnswer = v.looseObject({
  id: text,
  purpose: v.literal("marketing"),
  given: v.boolean(),
  wording_hash: v.nullable(text),
  lang: v.nullable(text),
  channel: v.picklist(["form", "unsubscribe", "staff", "admin", "migration"]),
  actor: text,
  at: when,
});
export const deskLeadDetailAnswer = v.looseObject({
  lead: leadAnswer,
  marketing: v.boolean(),
  consents: v.array(consentEventAnswer),
  changes: v.array(v.looseObject({ staff_id: v.nullable(text), fields: v.array(text), changed_at: when })),
});
export const auditAnswer = v.looseObject({
  id: text,
  at: when,
  actor: text,
  action: text,
  target: v.nullable(text),
  ip: v.nullable(text),
  detail: v.looseObject({}),
});
export const funnelDayAnswer = v.looseObject({
  day: v.pipe(v.string(), v.isoDate()),
  flow: flowSchema,
  partner: v.nullable(text),
  views: v.number(),
  codes_sent: v.number(),
  verified: v.number(),
  leads: v.number(),
  redeemed: v.number(),
});
/** Everything held about one e-mail address (access request). */
export const subjectAnswer = v.looseObject({
  email: text,
  leads: v.array(leadAnswer),
  consents: v.array(v.looseObject({ ...consentEventAnswer.entries, lead_id: text })),
  redemptions: v.array(v.looseObject({ ...redemptionAnswer.entries, lead_id: text })),
  invoices: v.array(v.looseObject({ id: text, lead_id: text, created_at: when, details: v.looseObject({}) })),
  mails: v.array(v.looseObject({ kind: text, created_at: when, sent_at: v.nullable(when) })),
});
export const erasedAnswer = v.looseObject({ erased_leads: v.number() });
export const marketingWithdrawnAnswer = v.looseObject({ marketing: v.literal(false) });
/** One delivery of a webhook event to one endpoint (the endpoint without its query string). */
export const webhookDeliveryAnswer = v.looseObject({
  id: v.number(),
  event_id: text,
  type: text,
  endpoint: text,
  state: v.picklist(["pending", "delivered", "failed", "stopped"]),
  attempts: v.number(),
  last_status: v.nullable(v.number()),
  last_error: v.nullable(text),
  last_duration_ms: v.nullable(v.number()),
  last_at: v.nullable(when),
  next_at: v.nullable(when),
  created_at: when,
});
export const webhookTestAnswer = v.looseObject({ event_id: text });
