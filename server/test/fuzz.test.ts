/**
 * Property: random JSON thrown at the write endpoints is answered 2xx or 4xx, never 5xx, and a
 * refused request leaves no trace in the database. Inputs are both wholly random JSON and valid
 * bodies with random fields replaced, added or removed (to get past the first checks).
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { emptyAddress } from "../../lib/core/address.ts";
import { fileServer } from "./fileServer.ts";
import { customerToken, newLeadBody, staffToken } from "./harness.ts";

const s = fileServer();
const tokens: Record<string, string> = {};
let ownLead: string;

beforeAll(async () => {
  tokens.customer = await customerToken(s, "fuzz@example.com");
  tokens.staff = await staffToken(s, "S001");
  tokens.admin = await staffToken(s, "A001");
  ownLead = (
    await s.call<{ id: string }>("POST", "/api/lead", {
      token: tokens.customer,
      body: newLeadBody("fuzz@example.com"),
    })
  ).body.Data[0].id;
});
/** Everything a refused request must not change (attempt counters are meant to change: excluded). */
async function snapshot(): Promise<string> {
  const { rows } = await s.db.query<{ h: string }>(`SELECT concat_ws('|',
    (SELECT string_agg(concat_ws(',', id, flow, email, details::text, updated_at::text), ';' ORDER BY id) FROM leads),
    (SELECT string_agg(concat_ws(',', lead_id, kind, staff_id, redeemed_at::text), ';' ORDER BY lead_id, kind) FROM redemptions),
    (SELECT string_agg(id::text, ';' ORDER BY id) FROM invoices),
    (SELECT count(*) FROM one_time_codes), (SELECT count(*) FROM outbox),
    (SELECT count(*) FROM idempotency_keys), (SELECT count(*) FROM rate_events),
    (SELECT concat_ws(',', m.enable_maintenance, m.enable_maintenance_nuform, m.enable_maintenance_reform,
       m.nuform_online_date, m.maintenance_messages, m.maintenance_messages_nuform, m.maintenance_messages_reform,
       m.updated_at::text) FROM maintenance m)) AS h`);
  return rows[0].h;
}

const anyJson = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.jsonValue({ maxDepth: 2, stringUnit: "binary" }));

/** A valid body with some fields replaced by random JSON, some removed, and maybe one added. */
function mutated(valid: Record<string, unknown>) {
  const keys = Object.keys(valid);
  return fc
    .record({
      replace: fc.dictionary(fc.constantFrom(...keys), anyJson, { maxKeys: 2 }),
      remove: fc.subarray(keys, { maxLength: 2 }),
      add: fc.option(fc.tuple(fc.string({ maxLength: 12 }), anyJson), { nil: undefined }),
    })
    .map(({ replace, remove, add }) => {
      const body: Record<string, unknown> = { ...valid, ...replace };
      for (const k of remove) delete body[k];
      if (add) body[add[0]] = add[1];
      return body;
    });
}

const fullLead = (): Record<string, unknown> => ({
  ...newLeadBody("fuzz@example.com"),
  residence: "HK",
  address: { ...emptyAddress(), region: "NT", district: "ST", building: "沙田中心", buildingLang: "zh" },
  baby: { status: "born", date: "2026-01-02", hospital_type: "Public", hospital_id: 1 },
  tnc: "new",
});

interface Target {
  method: string;
  path: string;
  token?: string;
  valid: () => Record<string, unknown>;
  runs: number;
}

const targets = (): Target[] => [
  {
    method: "POST",
    path: "/api/auth/email/code",
    valid: () => ({ email: "fuzz@example.com", flow: "nuform" }),
    runs: 40,
  },
  {
    method: "POST",
    path: "/api/auth/email/verify",
    valid: () => ({ email: "fuzz@example.com", code: "000000", flow: "nuform" }),
    runs: 40,
  },
  { method: "POST", path: "/api/lead", token: tokens.customer, valid: fullLead, runs: 80 },
  {
    method: "PATCH",
    path: "/api/lead",
    token: tokens.customer,
    valid: () => {
      const { flow: _f, email: _e, ...rest } = fullLead();
      return { id: ownLead, ...rest };
    },
    runs: 80,
  },
  {
    method: "POST",
    path: "/api/staff/login",
    valid: () => ({ staff_id: "S404", password: "Nu-demo-2026" }),
    runs: 25,
  },
  { method: "POST", path: "/api/staff/otp", valid: () => ({ staff_id: "S002", code: "000000" }), runs: 30 },
  {
    method: "POST",
    path: "/api/redemptions",
    token: tokens.staff,
    valid: () => ({ lead_id: "NUDEM00002", kind: "member", note: "x" }),
    runs: 40,
  },
  {
    method: "POST",
    path: "/api/invoices",
    token: tokens.staff,
    valid: () => ({
      lead_id: ownLead,
      invoice_no: "A-1",
      invoice_date: "2026-01-02",
      amount: 10,
      shop: "旺角店",
      items: [{ product_id: "P01", quantity: 1 }],
      note: "n",
    }),
    runs: 40,
  },
  {
    method: "PUT",
    path: "/api/maintenance",
    token: tokens.admin,
    valid: () => ({ enable_maintenance: "false", maintenance_messages: "", nuform_online_date: "" }),
    runs: 40,
  },
];

describe("random JSON at the write endpoints", () => {
  it("never gets a 5xx, and refused requests write nothing", { timeout: 180_000 }, async () => {
    for (const target of targets()) {
      await fc.assert(
        fc.asyncProperty(fc.oneof(anyJson, mutated(target.valid())), async (body) => {
          const before = await snapshot();
          const res = await s.call(target.method, target.path, { token: target.token, body });
          expect(
            res.status,
            `${target.method} ${target.path} ${JSON.stringify(body)}`,
          ).toBeGreaterThanOrEqual(200);
          expect(res.status).toBeLessThan(500);
          expect(res.body.Code).toBe(res.status);
          if (res.status >= 400) expect(await snapshot(), `${target.path} refused but wrote`).toBe(before);
        }),
        { numRuns: target.runs },
      );
    }
  });

  it("also for raw bytes that are not JSON at all", { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 200 }), async (raw) => {
        const before = await snapshot();
        const res = await s.call("POST", "/api/lead", {
          token: tokens.customer,
          rawBody: raw,
          headers: { "content-type": "application/json" },
        });
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) expect(await snapshot()).toBe(before);
      }),
      { numRuns: 60 },
    );
  });
});
