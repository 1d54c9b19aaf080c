/** Every kind of bad input is a 400 VALIDATION_FAILED naming the field, and writes nothing. */
import { beforeAll, describe, expect, it } from "vitest";
import { emptyAddress } from "../../lib/core/address.ts";
import { fileServer } from "./fileServer.ts";
import { customerToken, newLeadBody, staffToken } from "./harness.ts";

const s = fileServer();
const tokens: Record<"customer" | "staff" | "admin", string> = { customer: "", staff: "", admin: "" };
let leadId: string;

const EMAIL = "valid.person@example.com";
const lead = () => newLeadBody(EMAIL);
const address = {
  ...emptyAddress(),
  region: "HK",
  district: "CW",
  building: "中環中心",
  buildingEn: "THE CENTER",
  buildingLang: "zh",
};
const inv = {
  lead_id: "NUDEM00001",
  invoice_no: "A-1",
  invoice_date: "2026-01-02",
  amount: 10,
  shop: "旺角店",
};
const baby = { status: "born", date: "2026-01-02", hospital_type: "Public", hospital_id: 1 };

type Case = [who: keyof typeof tokens | null, method: string, path: string, body: unknown, field: string];

const CASES: Case[] = [
  [null, "POST", "/api/auth/email/code", {}, "email"],
  [null, "POST", "/api/auth/email/code", { email: "not-an-email", flow: "nuform" }, "email"],
  [null, "POST", "/api/auth/email/code", { email: `${"a".repeat(250)}@b.hk`, flow: "nuform" }, "email"],
  [null, "POST", "/api/auth/email/code", { email: 42, flow: "nuform" }, "email"],
  [null, "POST", "/api/auth/email/code", { email: "a@b.hk", flow: "web" }, "flow"],
  [null, "POST", "/api/auth/email/code", { email: "a@b.hk", flow: "nuform", lang: "en_GB" }, "lang"],
  [null, "POST", "/api/auth/email/code", "a@b.hk", ""],
  [null, "POST", "/api/auth/email/code", null, ""],
  [null, "POST", "/api/auth/email/verify", { email: "a@b.hk", code: "12345", flow: "nuform" }, "code"],
  [null, "POST", "/api/auth/email/verify", { email: "a@b.hk", code: "12345a", flow: "nuform" }, "code"],
  [null, "POST", "/api/auth/email/verify", { email: "a@b.hk", code: 123456, flow: "nuform" }, "code"],
  [null, "POST", "/api/auth/email/verify", { email: "a@b.hk", code: "123456" }, "flow"],
  ["customer", "POST", "/api/lead", { ...lead(), last_name: "  " }, "last_name"],
  ["customer", "POST", "/api/lead", { ...lead(), page_url: 42 }, "page_url"],
  ["customer", "POST", "/api/lead", { ...lead(), last_name: "陳".repeat(51) }, "last_name"],
  ["customer", "POST", "/api/lead", { ...lead(), first_name: "大\u0000文" }, "first_name"],
  ["customer", "POST", "/api/lead", { ...lead(), first_name: "大\ud800文" }, "first_name"],
  // C1 controls, bidi overrides/isolates and U+2028/2029.
  ["customer", "POST", "/api/lead", { ...lead(), first_name: "大\u0085文" }, "first_name"],
  ["customer", "POST", "/api/lead", { ...lead(), first_name: "大\u009b文" }, "first_name"],
  ["customer", "POST", "/api/lead", { ...lead(), first_name: "大\u202e文" }, "first_name"],
  ["customer", "POST", "/api/lead", { ...lead(), last_name: "陳\u2066" }, "last_name"],
  ["customer", "POST", "/api/lead", { ...lead(), first_name: "大\u2028文" }, "first_name"],
  ["customer", "POST", "/api/lead", { ...lead(), first_name: "大\u2029文" }, "first_name"],
  ["customer", "POST", "/api/lead", { ...lead(), phone_code: "1" }, "phone_code"],
  ["customer", "POST", "/api/lead", { ...lead(), phone: "1234" }, "phone"],
  ["customer", "POST", "/api/lead", { ...lead(), phone: "9123456x" }, "phone"],
  ["customer", "POST", "/api/lead", { ...lead(), phone_code: "86", phone: "91234567" }, "phone"],
  ["customer", "POST", "/api/lead", { ...lead(), phone_code: "852", phone: "12345678" }, "phone"],
  ["customer", "POST", "/api/lead", { ...lead(), phone_code: "852", phone: "01234567" }, "phone"],
  ["customer", "POST", "/api/lead", { ...lead(), phone_code: "853", phone: "28123456" }, "phone"],
  ["customer", "POST", "/api/lead", { ...lead(), last_name: "Chan2" }, "last_name"],
  ["customer", "POST", "/api/lead", { ...lead(), first_name: "大文😀" }, "first_name"],
  // Invisible names: Hangul fillers alone, stacked combining marks, a filler beside a letter.
  ["customer", "POST", "/api/lead", { ...lead(), first_name: "\u3164\u3164" }, "first_name"],
  ["customer", "POST", "/api/lead", { ...lead(), last_name: "\uFFA0" }, "last_name"],
  ["customer", "POST", "/api/lead", { ...lead(), last_name: "\u115F\u1160" }, "last_name"],
  ["customer", "POST", "/api/lead", { ...lead(), first_name: "陳\u3164" }, "first_name"],
  ["customer", "POST", "/api/lead", { ...lead(), first_name: "Ma\u0301\u0302\u0303ry" }, "first_name"],
  ["customer", "PATCH", "/api/lead", { id: "NUDEM00001", first_name: "\u3164" }, "first_name"],
  ["customer", "POST", "/api/lead", { ...lead(), consents: undefined }, "consents"],
  [
    "customer",
    "POST",
    "/api/lead",
    { ...lead(), consents: { terms: false, privacy: true, marketing: false } },
    "consents.terms",
  ],
  [
    "customer",
    "POST",
    "/api/lead",
    { ...lead(), consents: { terms: true, privacy: true } },
    "consents.marketing",
  ],
  [
    "customer",
    "POST",
    "/api/lead",
    { ...lead(), consents: { terms: true, privacy: true, marketing: false, x: 1 } },
    "consents.x",
  ],
  ["customer", "POST", "/api/lead", { ...lead(), residence: "US" }, "residence"],
  ["customer", "POST", "/api/lead", { ...lead(), address: { ...address, region: "XX" } }, "address.region"],
  [
    "customer",
    "POST",
    "/api/lead",
    { ...lead(), address: { ...address, district: "YTM" } },
    "address.district",
  ],
  [
    "customer",
    "POST",
    "/api/lead",
    { ...lead(), address: { ...address, building: "", buildingEn: " " } },
    "address.building",
  ],
  [
    "customer",
    "POST",
    "/api/lead",
    { ...lead(), address: { ...address, floor: "1".repeat(101) } },
    "address.floor",
  ],
  [
    "customer",
    "POST",
    "/api/lead",
    { ...lead(), address: { ...address, latitude: "north" } },
    "address.latitude",
  ],
  ["customer", "POST", "/api/lead", { ...lead(), address: { ...address, geo: {} } }, "address.geo"],
  ["customer", "POST", "/api/lead", { ...lead(), address_en: { region: 5 } }, "address_en.region"],
  [
    "customer",
    "POST",
    "/api/lead",
    { ...lead(), address_cn: { province: "", city: "深圳", district: "福田", detail: "x" } },
    "address_cn.province",
  ],
  ["customer", "POST", "/api/lead", { ...lead(), baby: { ...baby, date: "2026-02-30" } }, "baby.date"],
  ["customer", "POST", "/api/lead", { ...lead(), baby: { ...baby, hospital_id: 1.5 } }, "baby.hospital_id"],
  [
    "customer",
    "POST",
    "/api/lead",
    { ...lead(), baby: { ...baby, hospital_type: "private" } },
    "baby.hospital_type",
  ],
  ["customer", "POST", "/api/lead", { ...lead(), baby: { ...baby, status: "soon" } }, "baby.status"],
  ["customer", "POST", "/api/lead", { ...lead(), tnc: "old" }, "tnc"],
  ["customer", "POST", "/api/lead", { ...lead(), partner: "p".repeat(101) }, "partner"],
  ["customer", "POST", "/api/lead", { ...lead(), product_id: "P 1" }, "product_id"],
  ["customer", "POST", "/api/lead", { ...lead(), id: "NUDEM00009" }, "id"],
  ["customer", "POST", "/api/lead", { ...lead(), redemptions: [] }, "redemptions"],
  ["customer", "PATCH", "/api/lead", { first_name: "x" }, "id"],
  ["customer", "PATCH", "/api/lead", { id: "NUDEM00001", flow: "recruitment" }, "flow"],
  ["customer", "PATCH", "/api/lead", { id: "NUDEM00001", last_name: "" }, "last_name"],
  ["customer", "PATCH", "/api/lead", { id: "NUDEM00001", created_at: "2020-01-01" }, "created_at"],
  [null, "POST", "/api/staff/login", { staff_id: "", password: "x" }, "staff_id"],
  [null, "POST", "/api/staff/login", { staff_id: "S-001", password: "x" }, "staff_id"],
  [null, "POST", "/api/staff/login", { staff_id: "S001", password: "" }, "password"],
  [null, "POST", "/api/staff/login", { staff_id: "S001", password: "p".repeat(201) }, "password"],
  [null, "POST", "/api/staff/login", { staff_id: "S001", password: "x", remember: true }, "remember"],
  [null, "POST", "/api/staff/login", { staff_id: "S001", password: "x", lang: "zh HK" }, "lang"],
  [null, "POST", "/api/staff/otp", { staff_id: "S002", code: "1234567" }, "code"],
  ["staff", "POST", "/api/redemptions", { kind: "member" }, "lead_id"],
  [
    "staff",
    "POST",
    "/api/redemptions",
    { lead_id: "NUDEM00001", kind: "member", note: "n".repeat(201) },
    "note",
  ],
  ["staff", "POST", "/api/invoices", { ...inv, amount: 0 }, "amount"],
  ["staff", "POST", "/api/invoices", { ...inv, amount: "12" }, "amount"],
  ["staff", "POST", "/api/invoices", { ...inv, amount: undefined }, "amount"],
  ["staff", "POST", "/api/invoices", { ...inv, invoice_no: "#1" }, "invoice_no"],
  ["staff", "POST", "/api/invoices", { ...inv, invoice_date: "2026-02-29" }, "invoice_date"],
  ["staff", "POST", "/api/invoices", { ...inv, shop: " " }, "shop"],
  [
    "staff",
    "POST",
    "/api/invoices",
    { ...inv, items: Array(21).fill({ product_id: "P01", quantity: 1 }) },
    "items",
  ],
  [
    "staff",
    "POST",
    "/api/invoices",
    { ...inv, items: [{ product_id: "P01", quantity: 0 }] },
    "items.0.quantity",
  ],
  [
    "staff",
    "POST",
    "/api/invoices",
    { ...inv, items: [{ product_id: "P01", quantity: 1, price: 2 }] },
    "items.0.price",
  ],
  ["admin", "PUT", "/api/maintenance", { enable_maintenance: "yes" }, "enable_maintenance"],
  ["admin", "PUT", "/api/maintenance", { maintenance_messages: "m".repeat(1001) }, "maintenance_messages"],
  [
    "admin",
    "PUT",
    "/api/maintenance",
    { nuform_online_date: "2026-13-01T10:00:00+08:00" },
    "nuform_online_date",
  ],
  ["admin", "PUT", "/api/maintenance", { environment: "uat" }, "environment"],
  [null, "GET", "/api/hospital_list?type=x", undefined, "type"],
  [null, "GET", "/api/hospital_list?type=Public&type=Private", undefined, "type"],
  ["staff", "GET", "/api/lead?id=NUDEM00001&full=yes", undefined, "full"],
  ["staff", "GET", "/api/staff?staff_id=", undefined, "staff_id"],
  ["staff", "GET", "/api/staff", undefined, "staff_id"],
  [null, "GET", "/api/dev/outbox", undefined, "email"],
  [null, "GET", "/api/dev/outbox?email=a@b.hk&staff_id=S001", undefined, "email"],
  [null, "GET", "/api/dev/outbox?email=nope", undefined, "email"],
];

async function snapshot(): Promise<string> {
  const tables = [
    "leads",
    "redemptions",
    "invoices",
    "one_time_codes",
    "outbox",
    "idempotency_keys",
    "rate_events",
    "staff",
  ];
  const counts = [];
  for (const t of tables) {
    counts.push((await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`)).rows[0].n);
  }
  const leadsNow = await s.db.query("SELECT id, details, updated_at FROM leads ORDER BY id");
  const maint = await s.db.query("SELECT * FROM maintenance");
  const staff = await s.db.query(
    "SELECT staff_id, failed_attempts, locked_until FROM staff ORDER BY staff_id",
  );
  return JSON.stringify([counts, leadsNow.rows, maint.rows, staff.rows]);
}

beforeAll(async () => {
  tokens.customer = await customerToken(s, EMAIL);
  tokens.staff = await staffToken(s, "S001");
  tokens.admin = await staffToken(s, "A001");
  leadId = (await s.call<{ id: string }>("POST", "/api/lead", { token: tokens.customer, body: lead() })).body
    .Data[0].id;
});
describe("bad input", () => {
  it.each(CASES.map((c) => [`${c[1]} ${c[2]} → ${c[4] || "(body)"}`, c] as const))(
    "%s",
    async (_name, testCase) => {
      const [who, method, rawPath, body, field] = testCase;
      const path = rawPath.replace("NUDEM00001", method === "PATCH" ? leadId : "NUDEM00001");
      const patchBody =
        method === "PATCH" && body && typeof body === "object" && "id" in body && body.id === "NUDEM00001"
          ? { ...body, id: leadId }
          : body;
      const before = await snapshot();
      const res = await s.call(method, path, {
        token: who ? tokens[who] : undefined,
        body: method === "GET" ? undefined : patchBody,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ Code: 400, Error: "VALIDATION_FAILED", Field: field, Data: [] });
      if (field) expect(res.body.Message).toContain(field);
      expect(await snapshot()).toBe(before);
    },
  );
});

describe("what the contract leaves open is accepted", () => {
  it("ignores query names a call does not know (a cache-buster)", async () => {
    for (const path of [
      "/api/product_image?lang=en",
      "/api/clinic_list?x",
      "/api/maintenance?_=1700000000",
      "/api/hospital_list?type=Public&sort=1",
    ]) {
      const res = await s.call("GET", path);
      expect(res.status, path).toBe(200);
    }
    const lead = await s.call("GET", "/api/lead?id=NUDEM00001&foo=1", { token: tokens.staff });
    expect(lead.body.Data).toHaveLength(1);
  });

  it("takes a redemption body with more fields (docs/api.md), keeping only its own; the redeemer is the token's", async () => {
    const redeemed = await s.call<{ staff_id: string }>("POST", "/api/redemptions", {
      token: tokens.staff,
      body: { lead_id: leadId, kind: "nutritionist", staff_id: "A001", counter: 3 },
    });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.Data[0].staff_id).toBe("S001");
  });

  it("reads a JSON body sent as text/plain or with no type (fetch's default), never a form", async () => {
    for (const type of ["text/plain;charset=UTF-8", undefined]) {
      const res = await s.call("POST", "/api/auth/email/code", {
        rawBody: JSON.stringify({
          email: `plain-${type ?? "none"}@example.com`.replace(/[;/=]/g, "-"),
          flow: "nuform",
        }),
        headers: type ? { "content-type": type } : {},
      });
      expect(res.status, String(type)).toBe(200);
    }
  });

  it("takes the maintenance record back whole: the environment in force is accepted, not changed", async () => {
    const current = await s.call<Record<string, string>>("GET", "/api/maintenance");
    const record = current.body.Data[0];
    const put = await s.call<Record<string, string>>("PUT", "/api/maintenance", {
      token: tokens.admin,
      body: { ...record, maintenance_messages: "稍後見" },
    });
    expect(put.status).toBe(200);
    expect(put.body.Data[0]).toMatchObject({
      environment: record.environment,
      maintenance_messages: "稍後見",
    });
  });
});
