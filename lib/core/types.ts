/**
 * Entity types of docs/rules.md#fields-and-formats and the HTTP API (docs/api.md, docs/ARCHITECTURE.md).
 * Where a valibot schema judges an entity (schemas.ts), its type is inferred from that schema, so
 * the two cannot drift; the records only the server writes (a lead as read, staff, the
 * maintenance record …) have no schema in the browser and are written out here.
 */
import type * as v from "valibot";
import type { DistrictCode, RegionCode } from "./lists/regionTypes.ts";
import type {
  acceptedDocumentSchema,
  addressEnSchema,
  addressSchema,
  babySchema,
  consentsSchema,
  flowSchema,
  hospitalTypeSchema,
  leadCreateSchema,
  leadPatchSchema,
  legalDocumentKindSchema,
  mainlandAddressSchema,
  redemptionKindSchema,
} from "./schemas.ts";

export type { DistrictCode, RegionCode } from "./lists/regionTypes.ts";

/**
 * The Hong Kong address form value. `building` is the Chinese building name, `buildingEn` the
 * English one; `buildingLang` says which of the two the user typed and sees (docs/rules.md#fields-and-formats: the
 * Chinese field when the typed text contains Chinese). `block` is in that same language
 * (`P座` / `BLK P`). `subDistrict` is a Hongkong Post area id (see lists/regions.ts).
 *
 * The schema's output is a stored, complete address; the form's value may still lack its region
 * and district (`""`) while the customer fills it in.
 */
export type AddressValue = Omit<v.InferOutput<typeof addressSchema>, "region" | "district"> & {
  region: RegionCode | "";
  district: DistrictCode | "";
};

/** The English-translated copy of an address (names, not codes). */
export type AddressEn = v.InferOutput<typeof addressEnSchema>;

/** Address of a customer living in mainland China (personInfoCN). */
export type MainlandAddress = v.InferOutput<typeof mainlandAddressSchema>;

export type HospitalType = v.InferOutput<typeof hospitalTypeSchema>;

export interface Hospital {
  id: number;
  en_name: string;
  cn_name: string;
  type: HospitalType;
}

/**
 * The header that carries the staff code step's ticket: answered by `POST /api/staff/login` when a
 * code follows, sent back with `POST /api/staff/otp` (docs/sessions.md).
 */
export const STAFF_CODE_TICKET_HEADER = "X-Staff-Code-Ticket";
/**
 * The customer code's ticket: the form sends its own (EMAIL_CODE_TICKET_PATTERN) with the code
 * request and again with the code; a request without one is answered with one (docs/api.md).
 */
export const EMAIL_CODE_TICKET_HEADER = "X-Email-Code-Ticket";
export const EMAIL_CODE_TICKET_PATTERN = /^[A-Za-z0-9_-]{32,128}$/;

export interface StaffRecord {
  staff_id: string;
  first_name: string;
  last_name: string;
  role: string;
  staff_token: string;
  phone: string;
  /** `'Y'` when a one-time code step follows the password. */
  need_otp: string;
}

export type Flow = v.InferOutput<typeof flowSchema>;
export type RedemptionKind = v.InferOutput<typeof redemptionKindSchema>;

export interface Redemption {
  kind: RedemptionKind;
  staff_id: string;
  staff_name: string;
  redeemed_at: string;
  /**
   * What the staff member recorded with it (the nutritionist's name). Staff only: a customer's
   * own lead comes without it.
   */
  note?: string | null;
}

export type LegalDocumentKind = v.InferOutput<typeof legalDocumentKindSchema>;

/** An operator's legal text in one language (`GET /api/legal_documents`). */
export interface LegalDocument {
  kind: LegalDocumentKind;
  version: string;
  lang: "zh-HK" | "zh-Hans" | "en";
  title: string;
  body: string;
  published_at: string;
}

/** What a flow's member QR code is redeemed for, where and for how long (`GET /api/redemption_offer`). */
export interface RedemptionOffer {
  flow: Flow;
  lang: "zh-HK" | "zh-Hans" | "en";
  gift: string;
  places: string;
  /** Days from the registration (its Hong Kong date) to the last day of redemption. */
  valid_days: number;
}

export type AcceptedDocument = v.InferOutput<typeof acceptedDocumentSchema>;

/** The consents of a lead: terms and privacy accepted, as the server recorded them. */
export type AcceptedConsents = v.InferOutput<typeof consentsSchema>;

/**
 * The consents as the schema keeps them (`documents`: the versions accepted; `accepted_at`: when
 * the server recorded them, ISO 8601), except that terms and privacy are the form's ticks, false
 * until the customer accepts: a lead exists only with both true.
 */
export type Consents = Omit<AcceptedConsents, "terms" | "privacy"> & {
  terms: boolean;
  privacy: boolean;
};

/** The baby's status, `date` (YYYY-MM-DD: due date or birth date) and hospital. */
export type BabyInfo = v.InferOutput<typeof babySchema>;

export type TncKind = "new" | "existing" | "partnership";

/**
 * A lead as the API answers it: every field `leadCreateSchema` keeps, each detail present (`null`
 * when never given), with the server's id, redemptions and times. Inferred from the schema, so a
 * field the schema gains is a field of the answer (but `page_url`, the page it was sent from, which
 * a lead does not keep); server/test/leadAnswer.test.ts checks that an
 * answer is taken back by the schemas as it is.
 */
export type Lead = Required<Omit<v.InferOutput<typeof leadCreateSchema>, "page_url">> & {
  id: string;
  redemptions: Redemption[];
  created_at: string;
  updated_at: string;
};

/**
 * The form's side of `POST /api/lead` and `PATCH /api/lead`: what the schemas take in, except
 * where the form's values are wider until the customer is done (ticks false until accepted, a
 * region not yet chosen, the phone code as the select holds it). The server's schemas judge them
 * and refuse such a body with a named field.
 */
type Sent<T> = Omit<T, "consents" | "address" | "phone_code"> & {
  consents?: Consents;
  address?: AddressValue | null;
  phone_code?: string;
};

/** What `POST /api/lead` takes: the draft built into the create schema's input. */
export type NewLead = Sent<v.InferInput<typeof leadCreateSchema>> & { consents: Consents };

/** What `PATCH /api/lead` takes: the id and any fields to change. */
export type LeadPatch = Sent<v.InferInput<typeof leadPatchSchema>>;

export interface Invoice {
  id: string;
  lead_id: string;
  staff_id: string;
  created_at: string;
  [field: string]: unknown;
}

/** The maintenance record (docs/rules.md#maintenance). Flags are the strings `'true'`/`'false'`. */
export interface MaintenanceRecord {
  environment: string;
  enable_maintenance: string;
  enable_maintenance_nuform: string;
  enable_maintenance_reform: string;
  /** ISO 8601 with offset, e.g. `2026-12-01T10:00:00+08:00`; empty = no date. */
  nuform_online_date: string;
  maintenance_messages: string;
  maintenance_messages_nuform: string;
  maintenance_messages_reform: string;
}

export interface Settings {
  loading: boolean;
}

export interface Product {
  id: string;
  name_zh: string;
  name_en: string;
  image_url: string;
  [field: string]: unknown;
}

export interface Clinic {
  id: string;
  name_zh: string;
  name_en: string;
  [field: string]: unknown;
}
