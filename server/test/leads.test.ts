import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_LEADS } from "../db/seed.ts";
import { fileServer } from "./fileServer.ts";
import { count, customerToken, newLeadBody, staffToken } from "./harness.ts";

const s = fileServer();
let tokenA: string;
let tokenB: string;
let leadA: string;
let leadB: string;

type LeadAnswer = Record<string, unknown> & { id: string; email: string; phone: string };

beforeAll(async () => {
  tokenA = await customerToken(s, "alice@example.com");
  tokenB = await customerToken(s, "bob@example.com");
  leadA = (
    await s.call<LeadAnswer>("POST", "/api/lead", { token: tokenA, body: newLeadBody("alice@example.com") })
  ).body.Data[0].id;
  leadB = (
    await s.call<LeadAnswer>("POST", "/api/lead", { token: tokenB, body: newLeadBody("bob@example.com") })
  ).body.Data[0].id;
});
/** The demo lead's address in Mei Foo (the seed's), on another floor: every part filled. */
const meiFoo = DEMO_LEADS[0].details.address;
const fullAddress = { ...meiFoo, floor: "3", room: "B" };

/** A new customer (its own e-mail) creates its lead with `fields` on top of the minimal body. */
async function createAs(email: string, fields: Record<string, unknown>) {
  const token = await customerToken(s, email);
  const res = await s.call<LeadAnswer>("POST", "/api/lead", {
    token,
    body: { ...newLeadBody(email), ...fields },
  });
  return { token, res };
}

describe("creating a lead", () => {
  it("creates the lead with a lead reference id and the defaults of the rest", async () => {
    const { res } = await createAs("carol@example.com", {
      phone: "9123 4567",
      residence: "HK",
      address: fullAddress,
      tnc: "new",
      product_id: "P02",
      baby: { status: "expecting", date: "2027-01-31", hospital_type: "Private", hospital_id: 3 },
    });
    expect(res.status).toBe(200);
    const lead = res.body.Data[0];
    expect(lead.id).toMatch(/^NU[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(lead).toMatchObject({
      flow: "nuform",
      email: "carol@example.com",
      phone: "91234567",
      address: fullAddress,
      address_cn: null,
      partner: null,
      redemptions: [],
    });
    expect(Date.parse(lead.created_at as string)).not.toBeNaN();
  });

  it("takes the address as docs/rules.md#fields-and-formats names it (parts left out, names for codes) and stores the widget's form", async () => {
    const { res } = await createAs("spec.shaped@example.com", {
      residence: "HK",
      address: {
        region: "九龍",
        district: "深水埗",
        subDistrict: "荔枝角",
        building: "美孚新邨",
        buildingEn: "MEI FOO SUN CHUEN",
        floor: "12",
        room: "A",
      },
      address_en: {
        region: "Kowloon",
        district: "Sham Shui Po",
        building: "MEI FOO SUN CHUEN",
        block: "BLK 5",
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Data[0]).toMatchObject({
      // Codes for the names; what only a lookup gives (street, position, language) left empty.
      address: {
        ...meiFoo,
        street_en: "",
        street_zh: "",
        latitude: "",
        longitude: "",
        buildingLang: "",
      },
      address_en: {
        region: "Kowloon",
        district: "Sham Shui Po",
        subDistrict: "",
        building: "MEI FOO SUN CHUEN",
        block: "BLK 5",
        floor: "",
        room: "",
        street: "",
      },
    });
    // Still refused: a district of another region, a region nobody knows, no building at all.
    const other = await customerToken(s, "spec.refused@example.com");
    for (const [address, field] of [
      [{ region: "香港", district: "深水埗", building: "美孚新邨" }, "address.district"],
      [{ region: "澳門", district: "深水埗", building: "美孚新邨" }, "address.region"],
      [{ region: "九龍", district: "深水埗", floor: "3" }, "address.building"],
    ] as const) {
      const refused = await s.call("POST", "/api/lead", {
        token: other,
        body: { ...newLeadBody("spec.refused@example.com"), address },
      });
      expect(refused.body, field).toMatchObject({ Error: "VALIDATION_FAILED", Field: field });
    }
  });

  it("takes the other usual spellings and stores one form: TnCNew, hk, DD/MM/YYYY, a hospital id as text", async () => {
    const { token, res } = await createAs("spellings@example.com", {
      tnc: "TnCNew",
      residence: "hk",
      baby: { status: "expecting", date: "31/01/2027", hospital_type: "Public", hospital_id: "2" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Data[0]).toMatchObject({
      tnc: "new",
      residence: "HK",
      baby: { status: "expecting", date: "2027-01-31", hospital_type: "Public", hospital_id: 2 },
    });
    const wrong = await s.call("PATCH", "/api/lead", {
      token,
      body: {
        id: res.body.Data[0].id,
        baby: { status: "expecting", date: "31/02/2027", hospital_type: "Public", hospital_id: 2 },
      },
    });
    expect(wrong.body).toMatchObject({ Error: "VALIDATION_FAILED", Field: "baby.date" });
  });

  it("is 409 LEAD_EXISTS with the existing id for a second lead of the same e-mail and flow", async () => {
    const res = await s.call("POST", "/api/lead", { token: tokenA, body: newLeadBody("alice@example.com") });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ Error: "LEAD_EXISTS", Data: [{ id: leadA }] });
  });

  it("only for the token's own e-mail and flow", async () => {
    const other = await s.call("POST", "/api/lead", {
      token: tokenA,
      body: newLeadBody("mallory@example.com"),
    });
    expect(other.status).toBe(403);
    const flow = await s.call("POST", "/api/lead", {
      token: tokenA,
      body: newLeadBody("alice@example.com", "recruitment"),
    });
    expect(flow.status).toBe(403);
    expect((await s.call("POST", "/api/lead", { body: newLeadBody("alice@example.com") })).status).toBe(401);
  });

  it("refuses product, clinic and hospital ids that are not in the lists", async () => {
    const token = await customerToken(s, "refs@example.com");
    const cases: [Record<string, unknown>, string][] = [
      [{ product_id: "P99" }, "product_id"],
      [{ clinic_id: "C99" }, "clinic_id"],
      [
        { baby: { status: "born", date: "2026-01-02", hospital_type: "Public", hospital_id: 12 } },
        "baby.hospital_id",
      ],
    ];
    for (const [extra, field] of cases) {
      const res = await s.call("POST", "/api/lead", {
        token,
        body: { ...newLeadBody("refs@example.com"), ...extra },
      });
      expect(res.status, field).toBe(400);
      expect(res.body.Field).toBe(field);
    }
    expect(await count(s, "leads WHERE email = 'refs@example.com'")).toBe(0);
  });
});

describe("Idempotency-Key", () => {
  it("a retry with the same key returns the first answer and creates nothing new", async () => {
    const token = await customerToken(s, "retry@example.com");
    const body = newLeadBody("retry@example.com");
    const headers = { "Idempotency-Key": "draft-4f1c2b" };
    const first = await s.call<LeadAnswer>("POST", "/api/lead", { token, body, headers });
    const second = await s.call<LeadAnswer>("POST", "/api/lead", { token, body, headers });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await count(s, "leads WHERE email = 'retry@example.com'")).toBe(1);
  });

  it("concurrent retries with one key make one lead and the same answer", async () => {
    const token = await customerToken(s, "burst@example.com");
    const body = newLeadBody("burst@example.com");
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        s.call<LeadAnswer>("POST", "/api/lead", {
          token,
          body,
          headers: { "Idempotency-Key": "burst-key-1" },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body.Data[0].id)).size).toBe(1);
    expect(await count(s, "leads WHERE email = 'burst@example.com'")).toBe(1);
  });

  it("the same key with a different body, once the lead exists, is 409 LEAD_EXISTS with its id", async () => {
    // The first answer was lost and the customer changed an answer before the retry (the audit's
    // finding 1): every retry used to be IDEMPOTENCY_CONFLICT and the customer was stuck.
    const token = await customerToken(s, "conflict@example.com");
    const headers = { "Idempotency-Key": "k-conflict" };
    const first = await s.call<LeadAnswer>("POST", "/api/lead", {
      token,
      body: newLeadBody("conflict@example.com"),
      headers,
    });
    for (const change of [
      { first_name: "小文" },
      { consents: { terms: true, privacy: true, marketing: true } },
    ]) {
      const res = await s.call("POST", "/api/lead", {
        token,
        body: { ...newLeadBody("conflict@example.com"), ...change },
        headers,
      });
      expect(res.status).toBe(409);
      expect(res.body.Error).toBe("LEAD_EXISTS");
      expect(res.body.Data).toEqual([{ id: first.body.Data[0].id }]);
    }
    expect(await count(s, "leads WHERE email = 'conflict@example.com'")).toBe(1);
  });

  it("the same key with a different body and no lead of that flow is 409 IDEMPOTENCY_CONFLICT", async () => {
    const headers = { "Idempotency-Key": "k-conflict-flow" };
    const email = "conflict.flow@example.com";
    const nuform = await customerToken(s, email);
    await s.call("POST", "/api/lead", { token: nuform, body: newLeadBody(email), headers });
    const recruitment = await customerToken(s, email, "recruitment");
    const res = await s.call("POST", "/api/lead", {
      token: recruitment,
      body: newLeadBody(email, "recruitment"),
      headers,
    });
    expect(res.status).toBe(409);
    expect(res.body.Error).toBe("IDEMPOTENCY_CONFLICT");
    expect(await count(s, `leads WHERE email = '${email}'`)).toBe(1);
  });

  it("refuses a malformed key, naming the header", async () => {
    const token = await customerToken(s, "badkey@example.com");
    for (const key of ["x".repeat(101), "a b", "ü"]) {
      const res = await s.call("POST", "/api/lead", {
        token,
        body: newLeadBody("badkey@example.com"),
        headers: { "Idempotency-Key": key },
      });
      expect(res.status, key).toBe(400);
      expect(res.body, key).toMatchObject({ Error: "VALIDATION_FAILED", Field: "Idempotency-Key" });
    }
    expect(await count(s, "leads WHERE email = 'badkey@example.com'")).toBe(0);
  });
});

describe("reading and changing leads", () => {
  it("a customer reads its own lead, by id or leadId, typed loosely", async () => {
    const own = await s.call<LeadAnswer>("GET", `/api/lead?id=${leadA}`, { token: tokenA });
    expect(own.status).toBe(200);
    expect(own.body.Data[0]).toMatchObject({ id: leadA, email: "alice@example.com", phone: "91234567" });
    const loose = await s.call<LeadAnswer>("GET", `/api/lead?leadId=${leadA.toLowerCase()}`, {
      token: tokenA,
    });
    expect(loose.body.Data[0].id).toBe(leadA);
  });

  it("customer A cannot read or patch customer B's lead", async () => {
    const read = await s.call("GET", `/api/lead?id=${leadB}`, { token: tokenA });
    expect(read.status).toBe(403);
    expect(read.body).toMatchObject({ Error: "FORBIDDEN", Data: [] });
    const patch = await s.call("PATCH", "/api/lead", {
      token: tokenA,
      body: { id: leadB, first_name: "入侵" },
    });
    expect(patch.status).toBe(403);
    // A lead that does not exist is still "not found" for a customer.
    expect((await s.call("GET", "/api/lead?id=NU00000000", { token: tokenA })).status).toBe(404);
    const b = await s.call<LeadAnswer>("GET", `/api/lead?id=${leadB}`, { token: tokenB });
    expect(b.body.Data[0].first_name).toBe("大文");
  });

  it("a customer patches its own lead; the phone must still fit the country code", async () => {
    const res = await s.call<LeadAnswer>("PATCH", "/api/lead", {
      token: tokenA,
      body: { id: leadA, product_id: "P03", tnc: "existing" },
    });
    expect(res.status).toBe(200);
    expect(res.body.Data[0]).toMatchObject({ product_id: "P03", tnc: "existing", first_name: "大文" });
    const bad = await s.call("PATCH", "/api/lead", { token: tokenA, body: { id: leadA, phone_code: "86" } });
    expect(bad.status).toBe(400);
    expect(bad.body.Field).toBe("phone");
    const fine = await s.call<LeadAnswer>("PATCH", "/api/lead", {
      token: tokenA,
      body: { id: leadA, phone_code: "86", phone: "13800138000" },
    });
    expect(fine.body.Data[0]).toMatchObject({ phone_code: "86", phone: "13800138000" });
    const email = await s.call("PATCH", "/api/lead", {
      token: tokenA,
      body: { id: leadA, email: "new@example.com" },
    });
    expect(email.body).toMatchObject({ Error: "VALIDATION_FAILED", Field: "email" });
  });

  it("staff read any lead with phone and e-mail masked; an admin may ask for everything", async () => {
    const staff = await staffToken(s, "S001");
    const masked = await s.call<LeadAnswer>("GET", `/api/lead?leadId=${leadB}&full=1`, { token: staff });
    expect(masked.body.Data[0]).toMatchObject({ id: leadB, email: "b***@example.com", phone: "****4567" });
    const admin = await staffToken(s, "A001");
    const full = await s.call<LeadAnswer>("GET", `/api/lead?id=${leadB}&full=1`, { token: admin });
    expect(full.body.Data[0]).toMatchObject({ email: "bob@example.com", phone: "91234567" });
    const seeded = await s.call<LeadAnswer>("GET", "/api/lead?id=NUDEM00002", { token: staff });
    expect(seeded.body.Data[0].redemptions).toEqual([
      expect.objectContaining({ kind: "member", staff_id: "S001", staff_name: "Kelly Lee" }),
    ]);
  });

  it("staff may correct a lead but not its consents; every change records who, when and which fields", async () => {
    const { token, res } = await createAs("consent@example.com", {});
    const id = res.body.Data[0].id;
    const staff = await staffToken(s, "S001");
    const optIn = await s.call("PATCH", "/api/lead", {
      token: staff,
      body: { id, consents: { terms: true, privacy: true, marketing: true } },
    });
    expect(optIn.status).toBe(403);
    expect(optIn.body).toMatchObject({ Error: "FORBIDDEN" });
    expect(optIn.body.Message).toContain("consents");
    const admin = await staffToken(s, "A001");
    const after = await s.call<LeadAnswer>("GET", `/api/lead?id=${id}&full=1`, { token: admin });
    expect(after.body.Data[0].consents).toMatchObject({ marketing: false });

    const fix = await s.call<LeadAnswer>("PATCH", "/api/lead", {
      token: staff,
      body: { id, phone: "98887777", first_name: "小文" },
    });
    expect(fix.status).toBe(200);
    const own = await s.call("PATCH", "/api/lead", { token, body: { id, tnc: "existing" } });
    expect(own.status).toBe(200);
    const { rows } = await s.db.query<{ staff_id: string | null; fields: string[] }>(
      "SELECT staff_id, fields FROM lead_changes WHERE lead_id = $1 ORDER BY id",
      [id],
    );
    expect(rows).toEqual([
      { staff_id: "S001", fields: ["first_name", "phone"] },
      { staff_id: null, fields: ["tnc"] },
    ]);
  });

  it("an unknown or malformed id", async () => {
    const staff = await staffToken(s, "S001");
    expect((await s.call("GET", "/api/lead?id=NU00000000", { token: staff })).status).toBe(404);
    // Text that is not a lead reference names no lead (docs/rules.md#the-api-contract: "not found"), by query or in a body.
    for (const id of ["12345", "NOPE000000", "nobody"]) {
      const bad = await s.call("GET", `/api/lead?id=${id}`, { token: staff });
      expect(bad.status, id).toBe(404);
      expect(bad.body).toMatchObject({ Error: "NOT_FOUND", Data: [] });
    }
    const patch = await s.call("PATCH", "/api/lead", { token: staff, body: { id: "12", first_name: "x" } });
    expect(patch.status).toBe(404);
    const redeem = await s.call("POST", "/api/redemptions", {
      token: staff,
      body: { lead_id: "NOPE000000", kind: "member" },
    });
    expect(redeem.status).toBe(404);
    expect((await s.call("GET", "/api/lead?id=", { token: staff })).body).toMatchObject({
      Error: "VALIDATION_FAILED",
      Field: "id",
    });
    const none = await s.call("GET", "/api/lead", { token: staff });
    expect(none.body).toMatchObject({ Error: "VALIDATION_FAILED", Field: "id" });
  });

  it("an id with a control character is refused by name, never a 500 (PostgreSQL cannot compare a NUL)", async () => {
    const staff = await staffToken(s, "S001");
    for (const query of ["id=%00", "leadId=NUDEM0000%00", "id=NUDEM00001%01", "id=%7F"]) {
      const read = await s.call("GET", `/api/lead?${query}`, { token: staff });
      expect(read.status, query).toBe(400);
      expect(read.body, query).toMatchObject({ Error: "VALIDATION_FAILED", Field: query.split("=")[0] });
    }
    const patch = await s.call("PATCH", "/api/lead", {
      token: tokenA,
      body: { id: "\u0000", first_name: "x" },
    });
    expect(patch.body).toMatchObject({ Error: "VALIDATION_FAILED", Field: "id" });
    const redeem = await s.call("POST", "/api/redemptions", {
      token: staff,
      body: { lead_id: "NUDEM00001\u0000", kind: "member" },
    });
    expect(redeem.body).toMatchObject({ Error: "VALIDATION_FAILED", Field: "lead_id" });
  });
});
