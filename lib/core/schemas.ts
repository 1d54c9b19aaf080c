/**
 * Valibot schemas of every API body and query: the server validates with them, the browser may
 * check input with the same ones, so both judge input the same way. Objects are strict (an
 * unknown field is an error naming it), every string has a length limit and refuses control
 * characters and broken UTF-16, and `fieldOf(issues)` names the first bad field as a dotted path.
 */
import * as v from "valibot";
import { hasBuilding } from "./building.ts";
import { fromEnGB, hkToday, isValidYmd } from "./dates.ts";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "./email.ts";
import { halfWidth, normaliseStaffId } from "./halfWidth.ts";
import { isLeadRef, normaliseLeadRef } from "./leadRef.ts";
import { isValidPhone, normalisePhone, PHONE_CODES } from "./lists/phoneCodes.ts";
import { findDistrict, findRegion, findSubDistrict, REGIONS, regionOfDistrict } from "./lists/regions.ts";
import { checkPassword } from "./password.ts";
import { isPersonName } from "./personName.ts";

export const LIMITS = {
  name: 50,
  email: EMAIL_MAX_LENGTH,
  phone: 20,
  shortText: 100,
  text: 200,
  longText: 1000,
  password: 200,
  id: 40,
  idempotencyKey: 100,
  invoiceItems: 20,
  amount: 1_000_000,
} as const;

/**
 * Characters that change how text around them reads rather than being text: bidi embeddings,
 * overrides and isolates (U+202A–202E, U+2066–2069, which can make "moc.evil" read as "evil.com"),
 * and the line/paragraph separators U+2028/2029, which break JavaScript and JSON consumers.
 */
function isFormatControl(c: number): boolean {
  return (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c === 0x2028 || c === 0x2029;
}

/**
 * No C0 or C1 control characters (tab and line breaks only when `multiline`), no bidi overrides or
 * U+2028/2029, no lone surrogates.
 */
export function isSafeText(text: string, multiline = false): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20) {
      if (multiline && (c === 0x09 || c === 0x0a || c === 0x0d)) continue;
      return false;
    }
    if (c >= 0x7f && c <= 0x9f) return false;
    if (isFormatControl(c)) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/** A trimmed string of at most `max` characters; `required` also refuses an empty one. */
function text(max: number, opts: { required?: boolean; multiline?: boolean } = {}) {
  const base = v.pipe(
    v.string(),
    v.maxLength(max * 4),
    v.check((s) => isSafeText(s, opts.multiline), "invalid characters"),
    v.trim(),
    v.maxLength(max),
  );
  return opts.required ? v.pipe(base, v.nonEmpty()) : base;
}

/** A name part (lib/core/personName.ts): letters of any script, spaces, - ' . — no digits or emoji. */
function personNameText(opts: { required?: boolean } = {}) {
  return v.pipe(
    text(LIMITS.name, opts),
    v.check((s) => s === "" || isPersonName(s), "not a name"),
  );
}

/** ISO 8601 date-time with an explicit offset (`2026-12-01T10:00:00+08:00` or `…Z`). */
export function isIsoDateTimeWithOffset(value: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
    isValidYmd(value.slice(0, 10)) &&
    !Number.isNaN(Date.parse(value))
  );
}

// ---- shared pieces -------------------------------------------------------------------------

export const emailSchema = v.pipe(
  v.string(),
  v.maxLength(LIMITS.email * 2),
  v.trim(),
  v.toLowerCase(),
  v.maxLength(LIMITS.email),
  v.regex(EMAIL_PATTERN),
);

/** The flows: the `Flow` type is inferred from this list (types.ts). */
export const flowSchema = v.picklist(["nuform", "recruitment"]);
/** Six digits; full-width ones (a Chinese keyboard) are read as digits (lib/core/halfWidth.ts). */
export const oneTimeCodeSchema = v.pipe(
  v.string(),
  v.maxLength(64),
  v.transform((s) => halfWidth(s).trim()),
  v.regex(/^\d{6}$/),
);
export const staffIdSchema = v.pipe(
  v.string(),
  v.maxLength(64),
  v.transform(normaliseStaffId),
  v.regex(/^[A-Z0-9]{1,16}$/),
);
/**
 * A lead id as callers send it, normalised (lib/core/leadRef.ts). Text that is not a lead reference
 * is not refused here: it names no lead, so the lookup answers 404 NOT_FOUND (docs/rules.md#the-api-contract: "not found").
 * Control characters are refused like in any text (PostgreSQL cannot even compare a NUL).
 */
export const leadIdSchema = v.pipe(
  v.string(),
  v.maxLength(LIMITS.id),
  v.check((s) => isSafeText(s), "invalid characters"),
  v.transform(normaliseLeadRef),
  v.minLength(1),
);
export const redemptionKindSchema = v.picklist(["member", "nutritionist"]);
export const hospitalTypeSchema = v.picklist(["Private", "Public"]);
const listIdSchema = v.pipe(v.string(), v.maxLength(LIMITS.id), v.regex(/^[A-Za-z0-9_-]+$/));
const flagSchema = v.picklist(["true", "false"]);

// ---- customer sign-in ----------------------------------------------------------------------

/** A solved proof-of-work challenge (the ALTCHA payload, base64), needed past the free requests. */
const altchaSchema = v.pipe(v.string(), v.maxLength(2000), v.regex(/^[A-Za-z0-9+/]+={0,2}$/));
/**
 * The language of the page that asks for a mail (a BCP 47 tag: zh-HK, zh-Hans, zh-CN, en …); the
 * mail is written in it (the server maps it to one of its mail languages; zh-HK when absent).
 */
const mailLangSchema = v.pipe(v.string(), v.maxLength(35), v.regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/));
export const emailCodeRequestSchema = v.strictObject({
  email: emailSchema,
  flow: flowSchema,
  altcha: v.optional(altchaSchema),
  lang: v.optional(mailLangSchema),
});
export const emailChallengeQuerySchema = v.object({ email: emailSchema, flow: flowSchema });
export const emailCodeVerifySchema = v.strictObject({
  email: emailSchema,
  code: oneTimeCodeSchema,
  flow: flowSchema,
});

// ---- staff ---------------------------------------------------------------------------------

export const staffLoginSchema = v.strictObject({
  staff_id: staffIdSchema,
  password: v.pipe(v.string(), v.minLength(1), v.maxLength(LIMITS.password)),
  /** The staff page's language: the code mail's (when a code step follows). */
  lang: v.optional(mailLangSchema),
});
export const staffOtpSchema = v.strictObject({ staff_id: staffIdSchema, code: oneTimeCodeSchema });
export const staffQuerySchema = v.object({ staff_id: staffIdSchema });

// ---- sessions ------------------------------------------------------------------------------

/**
 * `POST /api/auth/sign-out`: `{}` ends this token's session; `everywhere: true` every session of
 * its staff id or e-mail; `staff_id` (admins, or one's own id) every session of that staff member.
 */
export const signOutSchema = v.strictObject({
  everywhere: v.optional(v.boolean()),
  staff_id: v.optional(staffIdSchema),
});

/** The password policy of docs/rules.md#fields-and-formats (lib/core/password.ts) as a schema. */
export const newPasswordSchema = v.pipe(
  v.string(),
  v.maxLength(LIMITS.password),
  v.check((pw) => checkPassword(pw).ok, "password policy"),
);

export const staffCreateSchema = v.strictObject({
  staff_id: staffIdSchema,
  first_name: personNameText({ required: true }),
  last_name: personNameText(),
  role: v.picklist(["staff", "admin"]),
  phone: text(LIMITS.phone),
  need_otp: v.picklist(["Y", "N"]),
  password: newPasswordSchema,
});

// ---- leads ---------------------------------------------------------------------------------

const REGION_CODES = REGIONS.map((r) => r.code);
const DISTRICT_CODES = REGIONS.flatMap((r) => r.districts.map((d) => d.code));
const coordinate = v.pipe(v.string(), v.maxLength(30), v.regex(/^(-?\d{1,3}(\.\d{1,15})?)?$/));

/** An address part that may be left out: absent is "" (a stored address always has every field). */
const addressPart = (max: number) => v.optional(text(max), "");

/** A region by code (`KLN`) or name (`九龍`, `Kowloon`), kept as its code. */
const regionCodeSchema = v.pipe(
  v.string(),
  v.maxLength(LIMITS.text),
  v.transform((s) => findRegion(s)?.code ?? s),
  v.picklist(REGION_CODES),
);
/** A district by code (`SSP`) or name (`深水埗`, `Sham Shui Po`), kept as its code. */
const districtCodeSchema = v.pipe(
  v.string(),
  v.maxLength(LIMITS.text),
  v.transform((s) => findDistrict(s)?.code ?? s),
  v.picklist(DISTRICT_CODES),
);

/**
 * The Hong Kong address form value (docs/rules.md#fields-and-formats, types.ts AddressValue). Region, district and a
 * building (Chinese or English) are required; the rest may be left out. Names are taken for codes
 * (`九龍` → `KLN`, an area's name → its id), so the stored value is always the widget's own form.
 */
export const addressSchema = v.pipe(
  v.strictObject({
    region: regionCodeSchema,
    district: districtCodeSchema,
    subDistrict: addressPart(LIMITS.id),
    building: addressPart(LIMITS.text),
    buildingEn: addressPart(LIMITS.text),
    block: addressPart(LIMITS.shortText),
    floor: addressPart(LIMITS.shortText),
    room: addressPart(LIMITS.shortText),
    street_en: addressPart(LIMITS.text),
    street_zh: addressPart(LIMITS.text),
    latitude: v.optional(coordinate, ""),
    longitude: v.optional(coordinate, ""),
    buildingLang: v.optional(v.picklist(["zh", "en", ""]), ""),
  }),
  v.forward(
    v.partialCheck(
      [["region"], ["district"]],
      (a) => regionOfDistrict(a.district)?.code === a.region,
      "district not in region",
    ),
    ["district"],
  ),
  v.forward(v.partialCheck([["building"], ["buildingEn"]], hasBuilding, "building required"), ["building"]),
  v.transform((a) => ({
    ...a,
    subDistrict: findSubDistrict(a.district, a.subDistrict)?.id ?? a.subDistrict,
  })),
);

/** The English-translated copy (docs/rules.md#fields-and-formats: names, with a block); every part may be left out. */
export const addressEnSchema = v.strictObject({
  region: addressPart(LIMITS.shortText),
  district: addressPart(LIMITS.shortText),
  subDistrict: addressPart(LIMITS.shortText),
  building: addressPart(LIMITS.text),
  block: addressPart(LIMITS.shortText),
  floor: addressPart(LIMITS.shortText),
  room: addressPart(LIMITS.shortText),
  street: addressPart(LIMITS.text),
});

export const mainlandAddressSchema = v.strictObject({
  province: text(LIMITS.shortText, { required: true }),
  city: text(LIMITS.shortText, { required: true }),
  district: text(LIMITS.shortText, { required: true }),
  detail: text(LIMITS.text, { required: true }),
});

// ---- customer texts ------------------------------------------------------

export const legalDocumentKindSchema = v.picklist(["privacy_policy", "pics"]);
/** A text's language: zh-CN is taken as Simplified Chinese and kept as zh-Hans. */
export const textLangSchema = v.pipe(
  v.picklist(["zh-HK", "zh-Hans", "zh-CN", "en"]),
  v.transform((lang): "zh-HK" | "zh-Hans" | "en" => (lang === "zh-CN" ? "zh-Hans" : lang)),
);
const documentVersionSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(40), v.regex(/^[\w.-]+$/));

/** `GET /api/legal_documents?lang=`: the documents in force, in that language. */
export const legalDocumentsQuerySchema = v.object({ lang: v.optional(textLangSchema) });
/** `GET /api/redemption_offer?flow=&lang=`: what the flow's QR code is redeemed for. */
export const redemptionOfferQuerySchema = v.object({
  flow: flowSchema,
  lang: v.optional(textLangSchema),
});

/** One document version the customer was shown and accepted. */
export const acceptedDocumentSchema = v.strictObject({
  kind: legalDocumentKindSchema,
  version: documentVersionSchema,
});

/**
 * Terms and privacy must be accepted for a lead to exist; marketing is the customer's choice.
 * `documents` names the versions accepted (the server records the ones in force when it is
 * absent) and `accepted_at` is always the server's time of recording: whatever is sent is replaced.
 */
export const consentsSchema = v.strictObject({
  terms: v.literal(true),
  privacy: v.literal(true),
  marketing: v.boolean(),
  partner_contact: v.optional(v.boolean()),
  /** The language the form was shown in (the marketing wording's version); zh-HK when not sent. */
  lang: v.optional(textLangSchema),
  documents: v.optional(v.pipe(v.array(acceptedDocumentSchema), v.maxLength(4))),
  accepted_at: v.optional(v.pipe(v.string(), v.maxLength(40))),
});

export const babySchema = v.strictObject({
  status: v.picklist(["expecting", "born"]),
  // YYYY-MM-DD, stored so; DD/MM/YYYY (what the date picker shows and emits, docs/elements.md) is taken too.
  date: v.pipe(
    v.string(),
    v.maxLength(10),
    v.transform((text: string) => fromEnGB(text) ?? text),
    v.check((ymd: string) => isValidYmd(ymd), "not a date"),
  ),
  hospital_type: hospitalTypeSchema,
  // A number, or its digits as text (a form field's value).
  hospital_id: v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,2}$/), v.transform(Number))]),
    v.integer(),
    v.minValue(1),
    v.maxValue(99),
  ),
});

const phoneSchema = v.pipe(
  v.string(),
  v.maxLength(LIMITS.phone),
  v.check((s) => isSafeText(s)),
  v.transform(normalisePhone),
  v.regex(/^\d{1,15}$/),
);
const phoneCodeSchema = v.picklist(PHONE_CODES.map((c) => c.value));

/** Which terms the customer accepted: `new`, `existing`, `partnership`, or the step's name (`TnCNew` …). */
const tncSchema = v.pipe(
  v.string(),
  v.maxLength(20),
  v.transform((s: string) => s.toLowerCase().replace(/^tnc/, "")),
  v.picklist(["new", "existing", "partnership"]),
);

/** Fields a lead may carry besides its identity (flow, e-mail); all optional on create and patch. */
const leadDetailEntries = {
  residence: v.optional(v.pipe(v.string(), v.maxLength(2), v.toUpperCase(), v.picklist(["HK", "CN"]))),
  address: v.optional(v.nullable(addressSchema)),
  address_en: v.optional(v.nullable(addressEnSchema)),
  address_cn: v.optional(v.nullable(mainlandAddressSchema)),
  tnc: v.optional(v.nullable(tncSchema)),
  partner: v.optional(v.nullable(text(LIMITS.shortText))),
  product_id: v.optional(v.nullable(listIdSchema)),
  clinic_id: v.optional(v.nullable(listIdSchema)),
  baby: v.optional(v.nullable(babySchema)),
};

/** The phone number fits its country code (checked when both are present). */
function phoneFits(l: { phone_code?: string; phone?: string }): boolean {
  return l.phone_code === undefined || l.phone === undefined || isValidPhone(l.phone_code, l.phone);
}

/** Who the customer is and how to reach them: the lead's own rules for these fields. */
const personEntries = {
  last_name: personNameText({ required: true }),
  first_name: personNameText({ required: true }),
  phone_code: phoneCodeSchema,
  phone: phoneSchema,
};

/** The person-info step's fields (names and phone) as `POST /api/lead` judges them. */
export const personSchema = v.pipe(
  v.strictObject(personEntries),
  v.forward(v.partialCheck([["phone_code"], ["phone"]], phoneFits, "phone does not fit its code"), ["phone"]),
);

export const leadCreateSchema = v.pipe(
  v.strictObject({
    flow: flowSchema,
    email: emailSchema,
    ...personEntries,
    consents: consentsSchema,
    ...leadDetailEntries,
    /**
     * The page the form is on (without its #fragment), linked from the confirmation mail when it is
     * an http(s) address on the server's own origin or one in ALLOWED_ORIGINS, else ignored (a page
     * the server cannot link never stops a lead); not part of the lead.
     */
    page_url: v.optional(v.pipe(v.string(), v.maxLength(8000))),
  }),
  v.forward(v.partialCheck([["phone_code"], ["phone"]], phoneFits, "phone does not fit its code"), ["phone"]),
);

/** `PATCH /api/lead`: the id and any fields to change; e-mail and flow never change. */
export const leadPatchSchema = v.pipe(
  v.strictObject({
    id: leadIdSchema,
    last_name: v.optional(personNameText({ required: true })),
    first_name: v.optional(personNameText({ required: true })),
    phone_code: v.optional(phoneCodeSchema),
    phone: v.optional(phoneSchema),
    consents: v.optional(consentsSchema),
    ...leadDetailEntries,
  }),
  v.forward(v.partialCheck([["phone_code"], ["phone"]], phoneFits, "phone does not fit its code"), ["phone"]),
);

/** `GET /api/admin/subjects?email=&format=`: everything held about one person (docs/privacy.md). */
export const subjectQuerySchema = v.object({
  email: emailSchema,
  format: v.optional(v.picklist(["json", "csv"])),
});
/** `POST /api/admin/subjects/erase`. */
export const subjectEraseSchema = v.strictObject({ email: emailSchema });
/** `POST /api/admin/leads/:id/marketing`: an admin records a withdrawal; giving consent is the customer's own act. */
export const marketingWithdrawSchema = v.strictObject({ given: v.literal(false) });
export const leadParamsSchema = v.strictObject({ id: leadIdSchema });

export const leadQuerySchema = v.pipe(
  v.object({
    id: v.optional(leadIdSchema),
    leadId: v.optional(leadIdSchema),
    full: v.optional(v.picklist(["0", "1"])),
  }),
  v.forward(
    v.check((q) => q.id !== undefined || q.leadId !== undefined, "id required"),
    ["id"],
  ),
);

// ---- redemptions and invoices --------------------------------------------------------------

/** docs/api.md: `{ lead_id, kind }` "(more fields optional)": other fields are accepted and not kept. */
export const redemptionCreateSchema = v.object({
  lead_id: leadIdSchema,
  kind: redemptionKindSchema,
  note: v.optional(text(LIMITS.text, { multiline: true })),
});

/** The message of checks that refuse a date after today (forms word it apart: `FieldProblem`). */
const FUTURE = "future";

/** Invoice numbers as shops print them (upper-cased before the check). */
export const INVOICE_NO_PATTERN = /^[A-Z0-9][A-Z0-9/_.-]*$/;

/** The shop's invoice behind the invoice QR code: number, date (not in the future), amount in HKD, shop. */
export const invoiceCreateSchema = v.strictObject({
  // Typed or scanned on the invoice form: a reference's shape is checked there (the form says so).
  lead_id: v.pipe(leadIdSchema, v.check(isLeadRef, "not a lead reference")),
  invoice_no: v.pipe(
    v.string(),
    v.maxLength(LIMITS.id * 2),
    v.transform(halfWidth),
    v.trim(),
    v.toUpperCase(),
    v.maxLength(LIMITS.id),
    v.regex(INVOICE_NO_PATTERN),
  ),
  invoice_date: v.pipe(
    v.string(),
    v.maxLength(10),
    v.check((ymd: string) => isValidYmd(ymd), "not a date"),
    v.check((ymd) => ymd <= hkToday(), FUTURE),
  ),
  amount: v.pipe(
    v.number(),
    v.gtValue(0),
    v.maxValue(LIMITS.amount),
    v.check((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, "at most 2 decimals"),
  ),
  shop: text(LIMITS.shortText, { required: true }),
  items: v.optional(
    v.pipe(
      v.array(
        v.strictObject({
          product_id: listIdSchema,
          quantity: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(99)),
        }),
      ),
      v.maxLength(LIMITS.invoiceItems),
    ),
  ),
  note: v.optional(text(LIMITS.text, { multiline: true })),
});

export const invoiceParamsSchema = v.strictObject({ id: v.pipe(v.string(), v.uuid()) });

// ---- maintenance, lists, dev outbox --------------------------------------------------------

export const maintenancePutSchema = v.strictObject({
  /**
   * Not changeable (it is APP_ENV), but a record read with GET may be sent back whole: the route
   * accepts the value in force and refuses any other.
   */
  environment: v.optional(v.pipe(v.string(), v.maxLength(40))),
  enable_maintenance: v.optional(flagSchema),
  enable_maintenance_nuform: v.optional(flagSchema),
  enable_maintenance_reform: v.optional(flagSchema),
  nuform_online_date: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(40),
      v.check((s) => s === "" || isIsoDateTimeWithOffset(s), "ISO 8601 with offset"),
    ),
  ),
  maintenance_messages: v.optional(text(LIMITS.longText, { multiline: true })),
  maintenance_messages_nuform: v.optional(text(LIMITS.longText, { multiline: true })),
  maintenance_messages_reform: v.optional(text(LIMITS.longText, { multiline: true })),
});

// ---- the lead desk (admin) -------------------------------------------------------------------

const ymdSchema = v.pipe(
  v.string(),
  v.maxLength(10),
  v.check((s) => isValidYmd(s), "YYYY-MM-DD"),
);
/** A page cursor as the server gave it (opaque to callers). */
const cursorSchema = v.pipe(v.string(), v.maxLength(200), v.regex(/^[A-Za-z0-9_-]+$/));
const pageLimitSchema = v.pipe(
  v.string(),
  v.regex(/^\d{1,3}$/),
  v.transform(Number),
  v.minValue(1),
  v.maxValue(200),
);

/** The lead desk's filters (`GET /api/admin/leads`, `.csv`): `from`/`to` are Hong Kong days of creation. */
const deskFilterEntries = {
  q: v.optional(text(LIMITS.shortText)),
  flow: v.optional(flowSchema),
  from: v.optional(ymdSchema),
  to: v.optional(ymdSchema),
  partner: v.optional(text(LIMITS.shortText)),
  marketing: v.optional(flagSchema),
  redeemed: v.optional(flagSchema),
};
const fromNotAfterTo = (f: { from?: string; to?: string }) =>
  f.from === undefined || f.to === undefined || f.from <= f.to;

export const deskLeadsQuerySchema = v.pipe(
  v.object({
    ...deskFilterEntries,
    cursor: v.optional(cursorSchema),
    limit: v.optional(pageLimitSchema),
    unmask: v.optional(flagSchema),
  }),
  v.forward(v.partialCheck([["from"], ["to"]], fromNotAfterTo, "from after to"), ["to"]),
);
export const deskExportQuerySchema = v.pipe(
  // The staff tools are in zh-HK and English only (staff work in Hong Kong).
  v.object({ ...deskFilterEntries, lang: v.optional(v.picklist(["zh-HK", "en"])) }),
  v.forward(v.partialCheck([["from"], ["to"]], fromNotAfterTo, "from after to"), ["to"]),
);
export const deskLeadParamsSchema = v.strictObject({ id: leadIdSchema });
export const auditQuerySchema = v.object({
  cursor: v.optional(cursorSchema),
  limit: v.optional(pageLimitSchema),
  action: v.optional(v.pipe(v.string(), v.maxLength(40), v.regex(/^[a-z][a-z.-]*$/))),
});
export const funnelQuerySchema = v.pipe(
  v.object({
    flow: v.optional(flowSchema),
    from: v.optional(ymdSchema),
    to: v.optional(ymdSchema),
    partner: v.optional(text(LIMITS.shortText)),
  }),
  v.forward(v.partialCheck([["from"], ["to"]], fromNotAfterTo, "from after to"), ["to"]),
);
/** `POST /api/beacon/view`: an element was shown (no cookie, nothing personal). */
export const viewBeaconSchema = v.strictObject({
  flow: flowSchema,
  partner: v.optional(v.nullable(text(LIMITS.shortText))),
});

export type DeskLeadsQuery = v.InferOutput<typeof deskLeadsQuerySchema>;
export type DeskExportQuery = v.InferOutput<typeof deskExportQuerySchema>;
export type FunnelQuery = v.InferOutput<typeof funnelQuerySchema>;

export const hospitalQuerySchema = v.object({ type: v.optional(hospitalTypeSchema) });
export const emptyQuerySchema = v.object({});

export const outboxQuerySchema = v.pipe(
  v.object({
    email: v.optional(emailSchema),
    staff_id: v.optional(staffIdSchema),
    /** A customer's codes (default) or the confirmation mailed once their lead is created. */
    kind: v.optional(v.picklist(["code", "confirmation"])),
  }),
  v.forward(
    v.check((q) => (q.email === undefined) !== (q.staff_id === undefined), "email or staff_id"),
    ["email"],
  ),
);

export const idempotencyKeySchema = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(LIMITS.idempotencyKey),
  v.regex(/^[\x21-\x7e]+$/),
);

// ---- results -------------------------------------------------------------------------------

/** The dotted path of the first issue (`address.floor`), `''` when the input itself is wrong. */
export function fieldOf(issues: readonly v.BaseIssue<unknown>[]): string {
  const first = issues[0];
  return first ? (v.getDotPath(first) ?? "") : "";
}

/**
 * What is wrong with a field, as a form words it: left blank, too long, out of range, a date after
 * today, or anything else the schema refuses.
 */
export type FieldProblem = "required" | "too_long" | "range" | "future" | "format";

const RANGE_ISSUES = new Set(["gt_value", "lt_value", "min_value", "max_value"]);

function problemOf(issue: v.BaseIssue<unknown>, value: unknown): FieldProblem {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
    return "required";
  }
  if (issue.type === "max_length") return "too_long";
  if (RANGE_ISSUES.has(issue.type)) return "range";
  return issue.message === FUTURE ? "future" : "format";
}

/**
 * Checks a form's input with an API schema (the browser's validation is the server's): the output
 * when it passes, else the first problem of each top-level field the issues name. A field whose
 * input is blank is "required" whatever rule refused it.
 */
export function checkFields<TSchema extends v.GenericSchema, F extends string>(
  schema: TSchema,
  input: Record<F, unknown>,
): { ok: true; output: v.InferOutput<TSchema> } | { ok: false; problems: Partial<Record<F, FieldProblem>> } {
  // The Standard Schema entry every valibot schema carries runs exactly what v.safeParse runs; going
  // through it keeps safeParse out of the valibot chunk that each sign-in step downloads.
  const result = schema["~standard"].validate(input) as
    | { value: v.InferOutput<TSchema>; issues?: undefined }
    | { issues: readonly v.BaseIssue<unknown>[] };
  if (!result.issues) return { ok: true, output: result.value };
  const problems: Partial<Record<F, FieldProblem>> = {};
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key as F | undefined;
    if (field === undefined || problems[field] || !Object.hasOwn(input, field)) continue;
    problems[field] = problemOf(issue, input[field]);
  }
  return { ok: false, problems };
}

export type EmailCodeRequest = v.InferOutput<typeof emailCodeRequestSchema>;
export type EmailCodeVerify = v.InferOutput<typeof emailCodeVerifySchema>;
export type StaffCreateInput = v.InferOutput<typeof staffCreateSchema>;
export type LeadCreateInput = v.InferOutput<typeof leadCreateSchema>;
export type LeadPatchInput = v.InferOutput<typeof leadPatchSchema>;
export type RedemptionCreateInput = v.InferOutput<typeof redemptionCreateSchema>;
export type InvoiceCreateInput = v.InferOutput<typeof invoiceCreateSchema>;
export type MaintenancePut = v.InferOutput<typeof maintenancePutSchema>;

/** A page of the webhook delivery log: `cursor` is the last id of the page before. */
export const webhookDeliveriesQuerySchema = v.object({
  cursor: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/), v.transform(Number))),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(200)),
    "50",
  ),
});

export const webhookDeliveryParamsSchema = v.strictObject({
  id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,15}$/), v.transform(Number)),
});
