/**
 * Start-up data. The hospital list (real reference data) is kept in step with
 * server/db/seed-data/ on every start; so are the fictional clinics and products, but only with
 * SEED=demo (production and SEED=none start without them: the operator loads their own with
 * server/cli/load-catalogue.ts); the README's demo people (staff S001, S002, A001 and
 * a few leads) go only into an empty database and only with SEED=demo.
 */
import fs from "node:fs";
import path from "node:path";
import { recordConsent } from "../services/consents.ts";
import { createStaff, staffName } from "../services/staff.ts";
import type { Queryable } from "./db.ts";

const SEED_DIR = path.join(import.meta.dirname, "seed-data");
export const DEMO_PASSWORD = "Nu-demo-2026";

function readSeed<T>(file: string, key: string): T[] {
  return JSON.parse(fs.readFileSync(path.join(SEED_DIR, file), "utf8"))[key] as T[];
}

interface HospitalSeed {
  type: string;
  id: number;
  en_name: string;
  cn_name: string;
}
interface ClinicSeed {
  id: string;
  name_zh: string;
  name_en: string;
  district: string;
  address_zh: string;
  address_en: string;
  phone: string;
}
interface ProductSeed {
  id: string;
  name_zh: string;
  name_en: string;
  description_zh: string;
  description_en: string;
  image_url: string;
}

/** The fictional catalogue's entries (id and Chinese name), to recognise it in a database. */
export function demoCatalogue(): { products: string[]; clinics: string[] } {
  const key = (e: { id: string; name_zh: string }) => `${e.id}\t${e.name_zh}`;
  return {
    products: readSeed<ProductSeed>("products.json", "products").map(key),
    clinics: readSeed<ClinicSeed>("clinics.json", "clinics").map(key),
  };
}

/** Hospitals always; the fictional clinics and products only when `demoCatalogue` (SEED=demo). */
export async function seedReferenceData(tx: Queryable, withDemoCatalogue: boolean): Promise<void> {
  for (const h of readSeed<HospitalSeed>("hospitals.json", "hospitals")) {
    await tx.query(
      `INSERT INTO hospitals (type, id, en_name, cn_name) VALUES ($1, $2, $3, $4)
       ON CONFLICT (type, id) DO UPDATE SET en_name = EXCLUDED.en_name, cn_name = EXCLUDED.cn_name`,
      [h.type, h.id, h.en_name, h.cn_name],
    );
  }
  if (!withDemoCatalogue) return;
  for (const [sort, c] of readSeed<ClinicSeed>("clinics.json", "clinics").entries()) {
    await tx.query(
      `INSERT INTO clinics (id, name_zh, name_en, district, address_zh, address_en, phone, sort)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (id) DO UPDATE SET name_zh = EXCLUDED.name_zh, name_en = EXCLUDED.name_en,
         district = EXCLUDED.district, address_zh = EXCLUDED.address_zh,
         address_en = EXCLUDED.address_en, phone = EXCLUDED.phone, sort = EXCLUDED.sort`,
      [c.id, c.name_zh, c.name_en, c.district, c.address_zh, c.address_en, c.phone, sort],
    );
  }
  for (const [sort, p] of readSeed<ProductSeed>("products.json", "products").entries()) {
    await tx.query(
      `INSERT INTO products (id, name_zh, name_en, description_zh, description_en, image_url, sort)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO UPDATE SET name_zh = EXCLUDED.name_zh, name_en = EXCLUDED.name_en,
         description_zh = EXCLUDED.description_zh, description_en = EXCLUDED.description_en,
         image_url = EXCLUDED.image_url, sort = EXCLUDED.sort`,
      [p.id, p.name_zh, p.name_en, p.description_zh, p.description_en, p.image_url, sort],
    );
  }
}

/**
 * Fictional people: names, phones and e-mails (example.com) are made up. The counter staff go by
 * English names, as many do at work in Hong Kong (shown given name first, "Kelly Lee": the
 * display name of docs/rules.md#fields-and-formats); the admin has a Chinese name (shown family name first, 何淑儀: lib/core/personName.ts).
 */
export const DEMO_STAFF = [
  {
    staff_id: "S001",
    first_name: "Kelly",
    last_name: "Lee",
    role: "staff",
    phone: "61230001",
    need_otp: "N",
  },
  {
    staff_id: "S002",
    first_name: "Chi Ming",
    last_name: "Cheung",
    role: "staff",
    phone: "61230002",
    need_otp: "Y",
  },
  { staff_id: "A001", first_name: "淑儀", last_name: "何", role: "admin", phone: "61230003", need_otp: "N" },
] as const;

const CONSENTS = { terms: true, privacy: true, marketing: false };

export const DEMO_LEADS = [
  {
    id: "NUDEM00001",
    flow: "nuform",
    email: "chan.taiman@example.com",
    details: {
      last_name: "陳",
      first_name: "大文",
      phone_code: "852",
      phone: "91234567",
      residence: "HK",
      address: {
        region: "KLN",
        district: "SSP",
        subDistrict: "144",
        building: "美孚新邨",
        buildingEn: "MEI FOO SUN CHUEN",
        block: "",
        floor: "12",
        room: "A",
        street_en: "BROADWAY",
        street_zh: "百老匯街",
        latitude: "22.3375",
        longitude: "114.1396",
        buildingLang: "zh",
      },
      address_en: {
        region: "Kowloon",
        district: "Sham Shui Po",
        subDistrict: "Lai Chi Kok",
        building: "MEI FOO SUN CHUEN",
        block: "",
        floor: "12",
        room: "A",
        street: "BROADWAY",
      },
      address_cn: null,
      consents: { ...CONSENTS, marketing: true },
      tnc: "new",
      partner: null,
      product_id: "P01",
      clinic_id: null,
      baby: null,
    },
  },
  {
    id: "NUDEM00002",
    flow: "recruitment",
    email: "wong.meimei@example.com",
    details: {
      last_name: "黃",
      first_name: "美美",
      phone_code: "852",
      phone: "98765432",
      residence: "HK",
      address: null,
      address_en: null,
      address_cn: null,
      consents: { ...CONSENTS, partner_contact: true },
      tnc: "partnership",
      partner: "C02",
      product_id: null,
      clinic_id: "C02",
      baby: { status: "expecting", date: "2027-03-15", hospital_type: "Public", hospital_id: 2 },
    },
    redeemedBy: { kind: "member", staff_id: "S001" },
  },
  {
    id: "NUDEM00003",
    flow: "nuform",
    email: "li.xiaoming@example.com",
    details: {
      last_name: "李",
      first_name: "小明",
      phone_code: "86",
      phone: "13812345678",
      residence: "CN",
      address: null,
      address_en: null,
      address_cn: { province: "廣東省", city: "深圳市", district: "福田區", detail: "福華路 100 號 8 樓" },
      consents: CONSENTS,
      tnc: "existing",
      partner: null,
      product_id: "P03",
      clinic_id: null,
      baby: { status: "born", date: "2026-09-01", hospital_type: "Private", hospital_id: 1 },
    },
  },
] as const;

/** Seeds the demo staff and leads when the database has neither. Returns whether it did. */
export async function seedDemo(tx: Queryable, nowMs: number): Promise<boolean> {
  const { rows } = await tx.query<{ n: number }>(
    "SELECT (SELECT count(*) FROM staff)::int + (SELECT count(*) FROM leads)::int AS n",
  );
  if (rows[0].n > 0) return false;
  for (const staff of DEMO_STAFF) {
    await createStaff(
      tx,
      { ...staff, password: DEMO_PASSWORD },
      `${staff.staff_id.toLowerCase()}@example.com`,
    );
  }
  const at = new Date(nowMs).toISOString();
  for (const lead of DEMO_LEADS) {
    await tx.query(
      "INSERT INTO leads (id, flow, email, details, created_at, updated_at) VALUES ($1, $2, $3, $4::jsonb, $5, $5)",
      [lead.id, lead.flow, lead.email, JSON.stringify(lead.details), at],
    );
    // As a lead made through the form: its marketing answer is the ledger's first row.
    await recordConsent(tx, {
      leadId: lead.id,
      given: lead.details.consents.marketing === true,
      lang: "zh-HK",
      channel: "form",
      actor: "customer",
      atMs: nowMs,
    });
    if ("redeemedBy" in lead) {
      const staff = DEMO_STAFF.find((s) => s.staff_id === lead.redeemedBy.staff_id)!;
      await tx.query(
        `INSERT INTO redemptions (lead_id, kind, staff_id, staff_name, redeemed_at) VALUES ($1, $2, $3, $4, $5)`,
        [lead.id, lead.redeemedBy.kind, staff.staff_id, staffName(staff), at],
      );
    }
  }
  return true;
}
