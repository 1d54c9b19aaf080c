/** Entity types of docs/rules.md#fields-and-formats and the HTTP API (docs/api.md, docs/ARCHITECTURE.md). */
import type { DistrictCode, RegionCode } from "./lists/regionTypes.ts";

export type { DistrictCode, RegionCode } from "./lists/regionTypes.ts";

/**
 * The Hong Kong address form value. `building` is the Chinese building name, `buildingEn` the
 * English one; `buildingLang` says which of the two the user typed and sees (docs/rules.md#fields-and-formats: the
 * Chinese field when the typed text contains Chinese). `block` is in that same language
 * (`P座` / `BLK P`). `subDistrict` is a Hongkong Post area id (see lists/regions.ts).
 */
export interface AddressValue {
  region: RegionCode | "";
  district: DistrictCode | "";
  subDistrict: string;
  building: string;
  buildingEn: string;
  block: string;
  floor: string;
  room: string;
  street_en: string;
  street_zh: string;
  latitude: string;
  longitude: string;
  buildingLang: "zh" | "en" | "";
}

/** The English-translated copy of an address (names, not codes). */
export interface AddressEn {
  region: string;
  district: string;
  subDistrict: string;
  building: string;
  block: string;
  floor: string;
  room: string;
  street: string;
}

/** Address of a customer living in mainland China (personInfoCN). */
export interface MainlandAddress {
  province: string;
  city: string;
  district: string;
  detail: string;
}

export type HospitalType = "Private" | "Public";

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

export type Flow = "nuform" | "recruitment";
export type RedemptionKind = "member" | "nutritionist";

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

export type LegalDocumentKind = "privacy_policy" | "pics";

/** An operator's legal text in one language (`GET /api/legal_documents`). */
export interface LegalDocument {
  kind: LegalDocumentKind;
  version: string;
  lang: "zh-HK" | "en";
  title: string;
  body: string;
  published_at: string;
}

/** What a flow's member QR code is redeemed for, where and for how long (`GET /api/redemption_offer`). */
export interface RedemptionOffer {
  flow: Flow;
  lang: "zh-HK" | "en";
  gift: string;
  places: string;
  /** Days from the registration (its Hong Kong date) to the last day of redemption. */
  valid_days: number;
}

export interface AcceptedDocument {
  kind: LegalDocumentKind;
  version: string;
}

export interface Consents {
  terms: boolean;
  privacy: boolean;
  marketing: boolean;
  partner_contact?: boolean;
  /** The document versions accepted (recorded by the server). */
  documents?: AcceptedDocument[];
  /** When the server recorded the consents (ISO 8601). */
  accepted_at?: string;
}

export interface BabyInfo {
  status: "expecting" | "born";
  /** YYYY-MM-DD: due date or birth date. */
  date: string;
  hospital_type: HospitalType;
  hospital_id: number;
}

export type TncKind = "new" | "existing" | "partnership";

export interface Lead {
  id: string;
  flow: Flow;
  email: string;
  last_name: string;
  first_name: string;
  phone_code: string;
  phone: string;
  residence: "HK" | "CN";
  address: AddressValue | null;
  address_en: AddressEn | null;
  address_cn: MainlandAddress | null;
  consents: Consents;
  tnc: TncKind | null;
  partner: string | null;
  product_id: string | null;
  clinic_id: string | null;
  baby: BabyInfo | null;
  redemptions: Redemption[];
  created_at: string;
  updated_at: string;
}

/** What `POST /api/lead` needs at least; the rest of a lead is optional at creation. */
export type NewLead = Pick<
  Lead,
  "flow" | "email" | "last_name" | "first_name" | "phone_code" | "phone" | "consents"
> &
  Partial<Omit<Lead, "id" | "redemptions" | "created_at" | "updated_at">>;

export type LeadPatch = { id: string } & Partial<
  Omit<Lead, "id" | "redemptions" | "created_at" | "updated_at">
>;

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
