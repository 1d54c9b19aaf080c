import { beforeAll, describe, expect, it } from "vitest";
import { fileServer } from "./fileServer.ts";
import { count, customerToken, newLeadBody, staffToken } from "./harness.ts";

const s = fileServer({ appEnv: "uat" });
let staff: string;
let admin: string;
let leadId: string;
let customer: string;

type Row = Record<string, unknown>;

beforeAll(async () => {
  staff = await staffToken(s, "S001");
  admin = await staffToken(s, "A001");
  customer = await customerToken(s, "redeem.me@example.com");
  leadId = (
    await s.call<{ id: string }>("POST", "/api/lead", {
      token: customer,
      body: newLeadBody("redeem.me@example.com"),
    })
  ).body.Data[0].id;
});
describe("redemption exactly once", () => {
  it("50 concurrent redemptions of one lead: one 200, 49 × 409, one row", async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        s.call<Row>("POST", "/api/redemptions", {
          token: i % 2 ? staff : admin,
          body: { lead_id: leadId, kind: "member" },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((st) => st === 200)).toHaveLength(1);
    expect(statuses.filter((st) => st === 409)).toHaveLength(49);
    expect(await count(s, `redemptions WHERE lead_id = '${leadId}' AND kind = 'member'`)).toBe(1);
    const winner = answers.find((a) => a.status === 200)!.body.Data[0];
    for (const loser of answers.filter((a) => a.status === 409)) {
      expect(loser.body.Error).toBe("ALREADY_REDEEMED");
      expect(loser.body.Data[0]).toEqual(winner);
    }
  });

  it("the 409 says when and by whom, in Chinese", async () => {
    const lead = await s.call<{ redemptions: Row[] }>("GET", `/api/lead?id=${leadId}`, { token: staff });
    const record = lead.body.Data[0].redemptions[0];
    const again = await s.call<Row>("POST", "/api/redemptions", {
      token: staff,
      body: { lead_id: leadId, kind: "member" },
    });
    expect(again.status).toBe(409);
    expect(again.body.Message).toContain(record.staff_name as string);
    expect(again.body.Message).toContain(record.staff_id as string);
    expect(again.body.Message).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(again.body.Data[0]).toMatchObject({
      lead_id: leadId,
      kind: "member",
      redeemed_at: record.redeemed_at,
    });
  });

  it("each kind once: nutritionist is separate from member", async () => {
    const first = await s.call<Row>("POST", "/api/redemptions", {
      token: staff,
      body: { lead_id: leadId, kind: "nutritionist", note: "諮詢 30 分鐘" },
    });
    expect(first.status).toBe(200);
    expect(first.body.Data[0]).toMatchObject({
      kind: "nutritionist",
      staff_id: "S001",
      note: "諮詢 30 分鐘",
    });
    const second = await s.call<Row>("POST", "/api/redemptions", {
      token: admin,
      body: { lead_id: leadId, kind: "nutritionist" },
    });
    expect(second.status).toBe(409);
    expect(second.body.Data[0]).toMatchObject({ staff_id: "S001", note: "諮詢 30 分鐘" });
  });

  it("the lead's redemptions carry the note for staff only, not for the customer", async () => {
    const kinds = (redemptions: Row[]) => Object.fromEntries(redemptions.map((r) => [r.kind, r]));
    const forStaff = await s.call<{ redemptions: Row[] }>("GET", `/api/lead?id=${leadId}`, { token: staff });
    expect(kinds(forStaff.body.Data[0].redemptions)).toMatchObject({
      member: { note: null },
      nutritionist: { staff_id: "S001", note: "諮詢 30 分鐘" },
    });
    const own = await s.call<{ redemptions: Row[] }>("GET", `/api/lead?id=${leadId}`, { token: customer });
    expect(own.status).toBe(200);
    const seen = own.body.Data[0].redemptions;
    expect(seen.map((r) => r.kind).sort()).toEqual(["member", "nutritionist"]);
    for (const redemption of seen) expect(redemption).not.toHaveProperty("note");
    expect(JSON.stringify(own.body)).not.toContain("諮詢");
  });

  it("the seeded lead NUDEM00002 is already member-redeemed by S001", async () => {
    const res = await s.call("POST", "/api/redemptions", {
      token: admin,
      body: { lead_id: "NUDEM00002", kind: "member" },
    });
    expect(res.status).toBe(409);
    expect(res.body.Message).toContain("S001");
  });

  it("needs staff, a known lead and a known kind", async () => {
    expect(
      (await s.call("POST", "/api/redemptions", { body: { lead_id: leadId, kind: "member" } })).status,
    ).toBe(401);
    const unknown = await s.call("POST", "/api/redemptions", {
      token: staff,
      body: { lead_id: "NU00000000", kind: "member" },
    });
    expect(unknown.status).toBe(404);
    const kind = await s.call("POST", "/api/redemptions", {
      token: staff,
      body: { lead_id: "NUDEM00003", kind: "gold" },
    });
    expect(kind.body).toMatchObject({ Error: "VALIDATION_FAILED", Field: "kind" });
    expect(await count(s, "redemptions WHERE lead_id = 'NUDEM00003'")).toBe(0);
  });
});

const invoiceBody = () => ({
  lead_id: leadId,
  invoice_no: "inv-2026/0001",
  invoice_date: "2026-01-15",
  amount: 328.5,
  shop: "旺角店",
});

describe("invoices", () => {
  it("staff create one for a lead; it is readable by its id", async () => {
    const created = await s.call<Row & { id: string }>("POST", "/api/invoices", {
      token: staff,
      body: { ...invoiceBody(), items: [{ product_id: "P01", quantity: 2 }] },
    });
    expect(created.status).toBe(200);
    const invoice = created.body.Data[0];
    expect(invoice).toMatchObject({
      lead_id: leadId,
      staff_id: "S001",
      staff_name: "Kelly Lee",
      invoice_no: "INV-2026/0001",
      invoice_date: "2026-01-15",
      amount: 328.5,
      currency: "HKD",
      shop: "旺角店",
      items: [{ product_id: "P01", quantity: 2 }],
    });
    expect(invoice.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await s.call("GET", `/api/invoices/${invoice.id}`)).status).toBe(401);
    const customer = await customerToken(s, "inv-read@example.com");
    expect((await s.call("GET", `/api/invoices/${invoice.id}`, { token: customer })).status).toBe(403);
    const read = await s.call("GET", `/api/invoices/${invoice.id}`, { token: staff });
    expect(read.status).toBe(200);
    expect(read.body.Data[0]).toEqual(invoice);
  });

  it("refuses customers, unknown leads or products, and bad ids", async () => {
    const customer = await customerToken(s, "inv@example.com");
    expect((await s.call("POST", "/api/invoices", { token: customer, body: invoiceBody() })).status).toBe(
      403,
    );
    const noLead = await s.call("POST", "/api/invoices", {
      token: staff,
      body: { ...invoiceBody(), lead_id: "NU00000001" },
    });
    expect(noLead.status).toBe(404);
    const noProduct = await s.call("POST", "/api/invoices", {
      token: staff,
      body: {
        ...invoiceBody(),
        items: [
          { product_id: "P01", quantity: 1 },
          { product_id: "P77", quantity: 1 },
        ],
      },
    });
    expect(noProduct.body).toMatchObject({ Error: "VALIDATION_FAILED", Field: "items.1.product_id" });
    const cents = await s.call("POST", "/api/invoices", {
      token: staff,
      body: { ...invoiceBody(), amount: 1.005 },
    });
    expect(cents.body.Field).toBe("amount");
    const future = await s.call("POST", "/api/invoices", {
      token: staff,
      body: { ...invoiceBody(), invoice_date: "2999-01-01" },
    });
    expect(future.body.Field).toBe("invoice_date");
    expect(await count(s, "invoices")).toBe(1);
    expect((await s.call("GET", "/api/invoices/not-a-uuid", { token: staff })).body.Field).toBe("id");
    const unknown = await s.call("GET", "/api/invoices/6f1c8a52-5d0e-4b7a-9d35-1f2e3a4b5c6d", {
      token: staff,
    });
    expect(unknown.status).toBe(404);
  });
  it("one invoice per number: 20 identical invoices at once make one row, the rest 409 INVOICE_EXISTS", async () => {
    const body = { ...invoiceBody(), invoice_no: "INV-DUP-0001" };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => s.call("POST", "/api/invoices", { token: staff, body })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => [a.status, a.body.Error])).toEqual(Array(19).fill([409, "INVOICE_EXISTS"]));
    // The refusal names its field, so the page shows it at 發票編號.
    expect(refused[0].body.Field).toBe("invoice_no");
    expect(await count(s, "invoices WHERE details->>'invoice_no' = 'INV-DUP-0001'")).toBe(1);
  });

  it("a retry with the same Idempotency-Key and body (the first answer was lost) gets the first answer, not INVOICE_EXISTS", async () => {
    const body = { ...invoiceBody(), invoice_no: "INV-LOST-0001" };
    const headers = { "Idempotency-Key": "inv-lost-1" };
    const first = await s.call<Row & { id: string }>("POST", "/api/invoices", {
      token: staff,
      body,
      headers,
    });
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const retry = await s.call<Row & { id: string }>("POST", "/api/invoices", {
      token: staff,
      body,
      headers,
    });
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    // The stored answer is the record as it is read later (what the QR code's page shows).
    const read = await s.call("GET", `/api/invoices/${first.body.Data[0].id}`, { token: staff });
    expect(read.body.Data[0]).toEqual(first.body.Data[0]);
    expect(await count(s, "invoices WHERE details->>'invoice_no' = 'INV-LOST-0001'")).toBe(1);

    // Another body with that key is a conflict; without a key, or with a new one, the number is taken.
    const changed = await s.call("POST", "/api/invoices", {
      token: staff,
      body: { ...body, amount: 99 },
      headers,
    });
    expect([changed.status, changed.body.Error]).toEqual([409, "IDEMPOTENCY_CONFLICT"]);
    const fresh = await s.call("POST", "/api/invoices", {
      token: staff,
      body,
      headers: { "Idempotency-Key": "inv-lost-2" },
    });
    expect([fresh.status, fresh.body.Error]).toEqual([409, "INVOICE_EXISTS"]);
    // Keys are per staff member: another one's same key is not a replay of this answer.
    const other = await s.call("POST", "/api/invoices", { token: admin, body, headers });
    expect([other.status, other.body.Error]).toEqual([409, "INVOICE_EXISTS"]);
    // A refused request leaves no key claimed: its retry is judged afresh.
    expect(await count(s, "idempotency_keys WHERE key = 'inv-lost-2'")).toBe(0);
  });

  it("concurrent retries with one key make one invoice and the same answer", async () => {
    const body = { ...invoiceBody(), invoice_no: "INV-BURST-0001" };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        s.call<Row & { id: string }>("POST", "/api/invoices", {
          token: staff,
          body,
          headers: { "Idempotency-Key": "inv-burst-1" },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.body.Data[0].id)).size).toBe(1);
    expect(await count(s, "invoices WHERE details->>'invoice_no' = 'INV-BURST-0001'")).toBe(1);
  });
});

describe("maintenance PUT", () => {
  it("refuses no token (401), customers and non-admin staff (403), and leaves the record alone", async () => {
    const before = (await s.call("GET", "/api/maintenance")).body.Data[0];
    const body = { enable_maintenance: "true" };
    expect((await s.call("PUT", "/api/maintenance", { body })).status).toBe(401);
    const customer = await customerToken(s, "maint@example.com");
    expect((await s.call("PUT", "/api/maintenance", { token: customer, body })).status).toBe(403);
    const res = await s.call("PUT", "/api/maintenance", { token: staff, body });
    expect(res.status).toBe(403);
    expect(res.body.Error).toBe("FORBIDDEN");
    expect((await s.call("GET", "/api/maintenance")).body.Data[0]).toEqual(before);
  });

  it("lets an admin change any subset; environment is APP_ENV and cannot be set", async () => {
    const res = await s.call<Row>("PUT", "/api/maintenance", {
      token: admin,
      body: {
        enable_maintenance_nuform: "true",
        nuform_online_date: "2026-12-01T10:00:00+08:00",
        maintenance_messages_nuform: "nuForm 將於 12 月 1 日上午 10 時開放。",
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.Data[0]).toMatchObject({
      environment: "uat",
      enable_maintenance: "false",
      enable_maintenance_nuform: "true",
      nuform_online_date: "2026-12-01T10:00:00+08:00",
    });
    expect((await s.call<Row>("GET", "/api/maintenance")).body.Data[0]).toEqual(res.body.Data[0]);
    const env = await s.call("PUT", "/api/maintenance", { token: admin, body: { environment: "prod" } });
    expect(env.body).toMatchObject({ Error: "VALIDATION_FAILED", Field: "environment" });
    const flag = await s.call("PUT", "/api/maintenance", {
      token: admin,
      body: { enable_maintenance: true },
    });
    expect(flag.body.Field).toBe("enable_maintenance");
    const date = await s.call("PUT", "/api/maintenance", {
      token: admin,
      body: { nuform_online_date: "2026-12-01 10:00" },
    });
    expect(date.body.Field).toBe("nuform_online_date");
  });
});
