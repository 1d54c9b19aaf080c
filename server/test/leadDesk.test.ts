/**
 * The lead desk's API (docs/lead-desk.md): who may call it, filters, search in Chinese and
 * English, keyset paging while leads arrive, masking, one lead in full, the CSV bytes, the audit
 * entries each act leaves, the funnel's counts, and the two command-line tools.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadsExportTool } from "../cli/leads-export.ts";
import { pullStream } from "../services/leadExport.ts";
import {
  API_KEY,
  customerToken,
  latestCode,
  newLeadBody,
  preparedDataDir,
  staffToken,
  startTestServer,
  type TestServer,
} from "./harness.ts";
import { runCli } from "./support/cli.ts";

type Row = Record<string, unknown> & { id: string; email: string; phone: string; marketing: boolean };
type Page = {
  status: number;
  body: { Data: Row[]; next_cursor: string | null; Error?: string; Field?: string };
};

let s: TestServer;
let admin: string;
let staff: string;

/** A lead written straight into the database (its consent in the ledger), created at `at`. */
async function seedLead(
  id: string,
  at: string,
  p: {
    flow?: string;
    email: string;
    last: string;
    first: string;
    phone: string;
    partner?: string;
    marketing?: boolean;
  },
) {
  const details = {
    last_name: p.last,
    first_name: p.first,
    phone_code: "852",
    phone: p.phone,
    partner: p.partner ?? null,
    address: { region: "KLN", district: "SSP", building: "美孚新邨" },
    consents: {
      terms: true,
      privacy: true,
      marketing: p.marketing ?? false,
      documents: [{ kind: "privacy_policy", version: "2026-01" }],
    },
  };
  await s.db.query(
    "INSERT INTO leads (id, flow, email, details, created_at, updated_at) VALUES ($1, $2, $3, $4::jsonb, $5, $5)",
    [id, p.flow ?? "nuform", p.email, JSON.stringify(details), at],
  );
  await s.db.query(
    "INSERT INTO consent_events (lead_id, purpose, given, channel, actor, at) VALUES ($1, 'marketing', $2, 'form', 'customer', $3)",
    [id, String(p.marketing ?? false), at],
  );
}

async function list(query: string, token = admin): Promise<Page> {
  return (await s.call("GET", `/api/admin/leads${query}`, { token })) as unknown as Page;
}
const ids = (page: Page) => page.body.Data.map((r) => r.id);

async function auditOf(action: string) {
  const res = await s.call<{
    actor: string;
    action: string;
    target: string | null;
    ip: string | null;
    detail: Record<string, unknown>;
  }>("GET", `/api/admin/audit?action=${action}&limit=200`, { token: admin });
  expect(res.status).toBe(200);
  return res.body.Data;
}

async function csv(query: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const res = await fetch(`${s.url}/api/admin/leads.csv${query}`, {
    headers: { "x-api-key": API_KEY, authorization: `Bearer ${admin}` },
  });
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

beforeAll(async () => {
  s = await startTestServer();
  admin = await staffToken(s, "A001");
  staff = await staffToken(s, "S001");
  await seedLead("NUTEST0001", "2026-11-01T10:00:00+08:00", {
    email: "chan.taiman@example.net",
    last: "陳",
    first: "大文",
    phone: "91230001",
    marketing: true,
  });
  await seedLead("NUTEST0002", "2026-11-02T10:00:00+08:00", {
    flow: "recruitment",
    email: "siuming@example.org",
    last: "Wong",
    first: "Siu Ming",
    phone: "62345678",
    partner: "C01",
  });
  await seedLead("NUTEST0003", "2026-11-03T23:30:00+08:00", {
    email: "lee@example.net",
    last: "李",
    first: "小龍",
    phone: "98761234",
    partner: '=HYPERLINK("http://evil.example")',
  });
  await s.db.query(
    "INSERT INTO redemptions (lead_id, kind, staff_id, staff_name, redeemed_at) VALUES ('NUTEST0003', 'member', 'S001', 'Kelly Lee', '2026-11-04T11:00:00+08:00')",
  );
  // Two leads of the same instant: the id orders them.
  for (const id of ["NUTEST0004", "NUTEST0005", "NUTEST0006"])
    await seedLead(id, "2026-11-05T09:00:00+08:00", {
      email: `${id.toLowerCase()}@example.com`,
      last: "Ho",
      first: "Ka Yan",
      phone: `6000${id.slice(-4)}`,
    });
});
afterAll(async () => {
  await s?.stop();
});

describe("who may call the desk", () => {
  it("refuses without a token (401) and staff who are not admins (403), on every call", async () => {
    for (const p of [
      "/api/admin/leads",
      "/api/admin/leads/NUTEST0001",
      "/api/admin/leads.csv",
      "/api/admin/audit",
      "/api/admin/funnel",
    ]) {
      expect((await s.call("GET", p)).status, p).toBe(401);
      expect((await s.call("GET", p, { token: staff })).status, p).toBe(403);
    }
  });
});

describe("GET /api/admin/leads", () => {
  it("filters by flow, Hong Kong days of creation, partner, marketing and redeemed", async () => {
    const november = "&from=2026-11-01&to=2026-11-30";
    expect(ids(await list(`?flow=recruitment${november}`))).toEqual(["NUTEST0002"]);
    // 23:30 in Hong Kong on 3 November is 15:30 UTC: it belongs to the 3rd, not the 4th.
    expect(ids(await list("?from=2026-11-03&to=2026-11-03"))).toEqual(["NUTEST0003"]);
    expect(ids(await list("?from=2026-11-04&to=2026-11-04"))).toEqual([]);
    expect(ids(await list("?partner=C01"))).toEqual(["NUTEST0002"]);
    expect(ids(await list(`?marketing=true${november}`))).toEqual(["NUTEST0001"]);
    expect(ids(await list(`?redeemed=true${november}`))).toEqual(["NUTEST0003"]);
    expect(ids(await list(`?redeemed=false&flow=nuform${november}`))).toEqual([
      "NUTEST0006",
      "NUTEST0005",
      "NUTEST0004",
      "NUTEST0001",
    ]);
    const bad = await list("?from=2026-11-31");
    expect([bad.status, bad.body.Error, bad.body.Field]).toEqual([400, "VALIDATION_FAILED", "from"]);
    const backwards = await list("?from=2026-11-05&to=2026-11-01");
    expect([backwards.status, backwards.body.Field]).toEqual([400, "to"]);
    expect((await list("?limit=201")).body.Field).toBe("limit");
    expect((await list("?cursor=bm90LWEtY3Vyc29y")).body.Field).toBe("cursor");
  });

  it("searches by reference, phone, e-mail, and names in Chinese and English", async () => {
    expect(ids(await list("?q=NUTEST0001"))).toEqual(["NUTEST0001"]);
    expect(ids(await list("?q=nutest0002"))).toEqual(["NUTEST0002"]);
    expect(ids(await list("?q=NUTEST000"))).toHaveLength(6);
    expect(ids(await list("?q=9876%201234"))).toEqual(["NUTEST0003"]);
    expect(ids(await list("?q=61234"))).toContain("NUTEST0003");
    expect(ids(await list("?q=SIUMING@EXAMPLE"))).toEqual(["NUTEST0002"]);
    // The demo's NUDEM00001 is a 陳大文 too.
    expect(ids(await list(`?q=${encodeURIComponent("陳大文")}`))).toEqual(["NUDEM00001", "NUTEST0001"]);
    expect(ids(await list(`?q=${encodeURIComponent("小龍")}`))).toEqual(["NUTEST0003"]);
    expect(ids(await list("?q=siu%20ming%20wong"))).toEqual(["NUTEST0002"]);
    expect(ids(await list("?q=Wong%20Siu"))).toEqual(["NUTEST0002"]);
    expect(ids(await list("?q=100%25"))).toEqual([]);
  });

  it("masks e-mail and phone as the counter does; unmask=true shows them and audits each lead", async () => {
    const masked = (await list("?q=NUTEST0001")).body.Data[0];
    expect([masked.email, masked.phone, masked.marketing]).toEqual(["c***@example.net", "****0001", true]);
    expect(masked.last_name).toBe("陳");
    const before = (await auditOf("lead.view")).length;
    const open = await list("?q=NUTEST000&unmask=true&limit=2");
    expect(open.body.Data.map((r) => [r.email, r.phone])).toEqual([
      ["nutest0006@example.com", "60000006"],
      ["nutest0005@example.com", "60000005"],
    ]);
    const views = await auditOf("lead.view");
    expect(views.length - before).toBe(2);
    expect(views.slice(0, 2).map((v) => [v.actor, v.target, v.detail.via])).toEqual([
      ["A001", "NUTEST0005", "list"],
      ["A001", "NUTEST0006", "list"],
    ]);
    expect(views[0].ip).toBe("127.0.0.1");
  });

  it("pages newest first by cursor: no lead twice or missed while new leads arrive", async () => {
    const existing = (
      await s.db.query<{ id: string }>("SELECT id FROM leads ORDER BY created_at DESC, id DESC")
    ).rows.map((r) => r.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let arrivals = 0;
    do {
      const page: Page = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.status).toBe(200);
      seen.push(...ids(page));
      cursor = page.body.next_cursor;
      // A customer signs up between two pages.
      s.clock.advance(1000);
      await seedLead(`NUNEW0000${arrivals}`, new Date(s.clock.now()).toISOString(), {
        email: `new${arrivals}@example.com`,
        last: "New",
        first: "Comer",
        phone: "55500000",
      });
      arrivals++;
    } while (cursor !== null);
    expect(seen).toEqual(existing);
    expect(arrivals).toBe(Math.ceil(existing.length / 2));
    const first = await list("?limit=1");
    expect(first.body.Data[0].id).toBe(`NUNEW0000${arrivals - 1}`);
  });
});

describe("GET /api/admin/leads/:id", () => {
  it("answers the lead unmasked with its consent ledger and changes, audited", async () => {
    const fix = await s.call("PATCH", "/api/lead", {
      token: admin,
      body: { id: "NUTEST0002", first_name: "Siu Man" },
    });
    expect(fix.status).toBe(200);
    const res = await s.call<{
      lead: Row;
      marketing: boolean;
      consents: { given: boolean; channel: string; actor: string }[];
      changes: { staff_id: string | null; fields: string[] }[];
    }>("GET", "/api/admin/leads/nutest0002", { token: admin });
    expect(res.status).toBe(200);
    const detail = res.body.Data[0];
    expect([detail.lead.email, detail.lead.phone, detail.lead.first_name]).toEqual([
      "siuming@example.org",
      "62345678",
      "Siu Man",
    ]);
    expect(detail.marketing).toBe(false);
    expect(detail.consents.map((c) => [c.given, c.channel, c.actor])).toEqual([[false, "form", "customer"]]);
    expect(detail.changes).toEqual([expect.objectContaining({ staff_id: "A001", fields: ["first_name"] })]);
    const [view] = await auditOf("lead.view");
    expect([view.actor, view.target, view.detail.via]).toEqual(["A001", "NUTEST0002", "desk"]);
    const [correction] = await auditOf("lead.correct");
    expect([correction.actor, correction.target, correction.detail.fields]).toEqual([
      "A001",
      "NUTEST0002",
      ["first_name"],
    ]);
    expect((await s.call("GET", "/api/admin/leads/NUZZZZZZZZ", { token: admin })).status).toBe(404);
  });

  it("an admin's full read of GET /api/lead is audited; a masked one is not", async () => {
    const before = (await auditOf("lead.view")).length;
    expect((await s.call("GET", "/api/lead?id=NUTEST0001", { token: admin })).status).toBe(200);
    expect((await auditOf("lead.view")).length).toBe(before);
    const full = await s.call<Row>("GET", "/api/lead?id=NUTEST0001&full=1", { token: admin });
    expect(full.body.Data[0].email).toBe("chan.taiman@example.net");
    const [view] = await auditOf("lead.view");
    expect([view.target, view.detail.via]).toEqual(["NUTEST0001", "lead"]);
  });
});

describe("GET /api/admin/leads.csv", () => {
  it("is UTF-8 with the byte-order mark, a Chinese header, Hong Kong times, and formulas neutralised", async () => {
    const file = await csv("?from=2026-11-01&to=2026-11-03");
    expect(file.status).toBe(200);
    expect(file.type).toBe("text/csv; charset=utf-8");
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = file.bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
    expect(lines[0].split(",").slice(0, 5)).toEqual(["參考編號", "表格", "登記時間（香港）", "姓", "名"]);
    expect(lines).toHaveLength(4);
    const [lee, wong, chan] = lines.slice(1);
    expect(chan).toContain(
      "NUTEST0001,nuform,2026-11-01 10:00:00,陳,大文,chan.taiman@example.net,852,91230001",
    );
    expect(chan).toContain("深水埗區,是");
    expect(chan).toContain("privacy_policy 2026-01");
    expect(wong).toContain(",C01,");
    // The partner's formula starts with a quote: a spreadsheet shows it as text.
    expect(lee).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(lee).toContain("member,2026-11-04 11:00:00,S001 Kelly Lee");
    const en = await csv("?q=NUTEST0001&lang=en");
    const enLines = en.bytes.subarray(3).toString("utf8").split("\r\n");
    expect(enLines[0].startsWith("Reference,Form,Created (Hong Kong time),Last name")).toBe(true);
    expect(enLines[1]).toContain("Sham Shui Po,yes");
  });

  it("reads a batch only when the reader asks for one, and stops when the reader goes", async () => {
    let made = 0;
    let ended = false;
    async function* batches() {
      try {
        for (;;) yield Buffer.from(`batch ${++made}\r\n`);
      } finally {
        ended = true;
      }
    }
    const reader = pullStream(batches()).getReader();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(made).toBe(0);
    expect(Buffer.from((await reader.read()).value ?? []).toString()).toBe("batch 1\r\n");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(made).toBe(1);
    await reader.cancel();
    expect([made, ended]).toEqual([1, true]);
  });

  it("is audited with its filters and row count, never the search text", async () => {
    await csv("?flow=nuform&q=chan.taiman%40example.net");
    const [entry] = await auditOf("leads.export");
    expect(entry.actor).toBe("A001");
    expect(entry.detail).toEqual({ filters: { flow: "nuform", q: "(search)" }, rows: 1, lang: "zh-HK" });
    expect(JSON.stringify(entry)).not.toContain("example.net");
    const bad = await s.call("GET", "/api/admin/leads.csv?lang=fr", { token: admin });
    expect([bad.status, bad.body.Field]).toEqual([400, "lang"]);
  });
});

describe("the audit log", () => {
  it("has the sign-ins and maintenance changes, newest first, paged by cursor", async () => {
    const signIns = await auditOf("staff.sign-in");
    expect(signIns.map((e) => e.actor)).toEqual(expect.arrayContaining(["A001", "S001"]));
    expect(signIns.find((e) => e.actor === "A001")?.detail).toEqual({ role: "admin", step: "password" });
    const put = await s.call("PUT", "/api/maintenance", {
      token: admin,
      body: { enable_maintenance: "false" },
    });
    expect(put.status).toBe(200);
    const [change] = await auditOf("maintenance.update");
    expect([change.actor, change.detail.fields]).toEqual(["A001", ["enable_maintenance"]]);
    const first = await s.call<{ id: string }>("GET", "/api/admin/audit?limit=3", { token: admin });
    const cursor = (first.body as unknown as { next_cursor: string }).next_cursor;
    expect(cursor).toBeTruthy();
    const second = await s.call<{ id: string }>("GET", `/api/admin/audit?limit=3&cursor=${cursor}`, {
      token: admin,
    });
    const firstIds = first.body.Data.map((e) => Number(e.id));
    const secondIds = second.body.Data.map((e) => Number(e.id));
    expect(Math.min(...firstIds)).toBeGreaterThan(Math.max(...secondIds));
  });
});

describe("the funnel", () => {
  it("counts codes, verifications, leads, redemptions and views per Hong Kong day, flow and partner", async () => {
    // A day of its own: ten days on.
    s.clock.advance(10 * 86_400_000);
    const day = new Date(s.clock.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    admin = await staffToken(s, "A001");
    staff = await staffToken(s, "S001");
    const a = await customerToken(s, "funnel.a@example.com");
    const b = await customerToken(s, "funnel.b@example.com");
    await s.call("POST", "/api/auth/email/code", { body: { email: "funnel.c@example.com", flow: "nuform" } });
    await latestCode(s, { email: "funnel.c@example.com" });
    const leadA = await s.call<Row>("POST", "/api/lead", {
      token: a,
      body: newLeadBody("funnel.a@example.com"),
    });
    const leadB = await s.call<Row>("POST", "/api/lead", {
      token: b,
      body: { ...newLeadBody("funnel.b@example.com"), partner: "C02" },
    });
    expect([leadA.status, leadB.status]).toEqual([200, 200]);
    for (const kind of ["member", "nutritionist"])
      expect(
        (
          await s.call("POST", "/api/redemptions", {
            token: staff,
            body: { lead_id: leadB.body.Data[0].id, kind },
          })
        ).status,
      ).toBe(200);
    for (const body of [
      { flow: "nuform" },
      { flow: "nuform", partner: "C02" },
      { flow: "nuform", partner: "C02" },
    ])
      expect((await s.call("POST", "/api/beacon/view", { body })).status).toBe(200);
    expect((await s.call("POST", "/api/beacon/view", { body: { flow: "x" } })).body.Field).toBe("flow");
    const res = await s.call("GET", `/api/admin/funnel?from=${day}&to=${day}&flow=nuform`, { token: admin });
    expect(res.body.Data).toEqual([
      { day, flow: "nuform", partner: null, views: 1, codes_sent: 3, verified: 2, leads: 1, redeemed: 0 },
      { day, flow: "nuform", partner: "C02", views: 2, codes_sent: 0, verified: 0, leads: 1, redeemed: 1 },
    ]);
    // Counts stay when the leads' personal data goes (erasure clears fields, never the counters).
    await s.db.query("UPDATE leads SET details = '{}'::jsonb, email = id WHERE email LIKE 'funnel.%'");
    const again = await s.call("GET", `/api/admin/funnel?from=${day}&to=${day}&flow=nuform&partner=C02`, {
      token: admin,
    });
    expect(again.body.Data).toEqual([res.body.Data[1]]);
  });
});

describe("the command line", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nu-desk-cli-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("exports the same CSV (audited, actor cli) and reads the audit log, staff changes included", async () => {
    const dataDir = await preparedDataDir(path.join(dir, "data"), "demo");
    const env = { DATA_DIR: dataDir };
    const chunks: Buffer[] = [];
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
    });
    const status = await leadsExportTool(["--flow", "recruitment", "--lang", "en"], env, {
      out: (line) => lines.push(line),
      err: (line) => lines.push(line),
      stdout: sink,
    });
    expect(status).toBe(0);
    const text = Buffer.concat(chunks).toString("utf8");
    expect(text.startsWith("\uFEFFReference,Form,")).toBe(true);
    expect(text).toContain("NUDEM00002,recruitment,");
    expect(lines).toEqual(["1 lead(s) exported"]);
    expect((await runCli("set-staff-email", ["--id", "S002", "--email", "s002@example.com"], env)).code).toBe(
      0,
    );
    const read = await runCli("audit-read", ["--limit", "5"], env);
    expect(read.code).toBe(0);
    const entries = read.stdout
      .trimEnd()
      .split("\n")
      .map((line) => line.split("\t"));
    expect(entries.map((e) => e.slice(1, 4))).toEqual([
      ["cli", "staff.change", "S002"],
      ["cli", "leads.export", ""],
    ]);
    expect(JSON.parse(entries[1][5])).toEqual({ filters: { flow: "recruitment" }, rows: 1, lang: "en" });
    expect((await runCli("audit-read", ["--limit", "x"], env)).stderr.trim()).toBe("check --limit");
  });
});
