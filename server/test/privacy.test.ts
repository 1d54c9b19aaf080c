/**
 * Personal data the brand answers for (docs/privacy.md): the consent ledger, the signed opt-out
 * link and its page (RFC 8058 one-click), an admin's opt-out, access to everything held about one
 * person, erasure (no personal value left anywhere, a second gift still refused) and retention
 * with the fake clock, also with two instances at once on PostgreSQL.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { t } from "../../lib/core/i18n/index.ts";
import { subjectTool } from "../cli/subject.ts";
import { runTool } from "../cli/tool.ts";
import { ConfigError, configFromEnv } from "../config.ts";
import { runRetention } from "../services/retention.ts";
import {
  customerToken,
  newLeadBody,
  staffToken,
  startTestServer,
  TEST_DATABASE_URL,
  type TestServer,
} from "./harness.ts";

const DAY = 24 * 60 * 60 * 1000;
const ORIGIN = "https://forms.example.hk";
let s: TestServer;
let admin: string;
let staff: string;

beforeAll(async () => {
  s = await startTestServer({ publicOrigin: ORIGIN });
  [admin, staff] = await Promise.all([staffToken(s, "A001"), staffToken(s, "S001")]);
});
afterAll(async () => {
  await s?.stop();
});

/** The person access and erasure are about: a name and phone no other lead of the file has. */
const ERASED = { email: "two.flows@example.com", last_name: "歐陽", first_name: "明珠", phone: "61234987" };

function person(email: string, flow: "nuform" | "recruitment", marketing: boolean, lang?: "en" | "zh-HK") {
  const own =
    email === ERASED.email
      ? { last_name: ERASED.last_name, first_name: ERASED.first_name, phone: ERASED.phone }
      : {};
  return {
    ...newLeadBody(email, flow),
    ...own,
    consents: { terms: true, privacy: true, marketing, ...(lang ? { lang } : {}) },
  };
}

async function newLead(
  email: string,
  flow: "nuform" | "recruitment",
  marketing: boolean,
  lang?: "en" | "zh-HK",
) {
  const token = await customerToken(s, email, flow);
  const res = await s.call<{ id: string }>("POST", "/api/lead", {
    token,
    body: person(email, flow, marketing, lang),
  });
  expect(res.status).toBe(200);
  return { id: res.body.Data[0].id, token };
}

interface Row {
  given: boolean;
  channel: string;
  actor: string;
  lang: string | null;
  wording_hash: string | null;
}
const ledger = async (leadId: string) =>
  (
    await s.db.query<Row>(
      "SELECT given, channel, actor, lang, wording_hash FROM consent_events WHERE lead_id = $1 ORDER BY at, id",
      [leadId],
    )
  ).rows;
const detailsMarketing = async (leadId: string) =>
  (
    await s.db.query<{ m: boolean }>(
      "SELECT (details->'consents'->>'marketing')::boolean AS m FROM leads WHERE id = $1",
      [leadId],
    )
  ).rows[0].m;
const sha = (text: string) => createHash("sha256").update(text).digest("hex");

async function optOutLink(email: string): Promise<string> {
  const res = await s.call<{ unsubscribe_url: string; text: string }>(
    "GET",
    `/api/dev/outbox?email=${encodeURIComponent(email)}&kind=confirmation`,
  );
  const mail = res.body.Data[0];
  expect(mail.text).toContain(mail.unsubscribe_url);
  return mail.unsubscribe_url;
}
/** The link as this test server answers it (the mail names the public origin). */
const local = (url: string) => `${s.url}${url.slice(ORIGIN.length)}`;
const oneClick = (url: string) =>
  fetch(local(url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });

describe("the consent ledger and the opt-out link", () => {
  it("records tick, untick and opt-out; the lead's consent is the ledger's latest word", async () => {
    const email = "ledger.one@example.com";
    const { id, token } = await newLead(email, "nuform", true, "en");
    expect(await ledger(id)).toEqual([
      {
        given: true,
        channel: "form",
        actor: "customer",
        lang: "en",
        wording_hash: sha(t("en", "flows.consent.marketing")),
      },
    ]);
    const patch = (marketing: boolean) =>
      s.call("PATCH", "/api/lead", {
        token,
        body: { id, consents: { terms: true, privacy: true, marketing, lang: "zh-HK" } },
      });
    expect((await patch(false)).status).toBe(200);
    expect(await detailsMarketing(id)).toBe(false);
    // Unticked on the customer's own form: the same webhook event as an opt-out link's.
    const withdrawals = await s.db.query<{ payload: { data: Record<string, unknown> } }>(
      "SELECT payload FROM webhook_events WHERE type = 'consent.withdrawn' AND payload -> 'data' ->> 'lead_id' = $1",
      [id],
    );
    expect(withdrawals.rows.map((e) => e.payload.data)).toEqual([
      { lead_id: id, purpose: "marketing", channel: "form", at: expect.any(String) },
    ]);
    expect((await patch(true)).status).toBe(200);
    expect(await detailsMarketing(id)).toBe(true);
    expect((await ledger(id)).map((r) => [r.given, r.lang, r.wording_hash])).toEqual([
      [true, "en", sha(t("en", "flows.consent.marketing"))],
      [false, "zh-HK", sha(t("zh-HK", "flows.consent.marketing"))],
      [true, "zh-HK", sha(t("zh-HK", "flows.consent.marketing"))],
    ]);

    const link = await optOutLink(email);
    expect(link).toMatch(new RegExp(`^${ORIGIN}/unsubscribe\\?t=${id}\\.[\\w-]+&lang=en$`));
    // The page asks, in English; following the link changes nothing.
    const page = await fetch(local(link));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(t("en", "server.unsubscribe.button"));
    expect(html).not.toContain("<script");
    expect(page.headers.get("content-security-policy")).toMatch(/default-src 'none'.*form-action 'self'/);
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await detailsMarketing(id)).toBe(true);

    // RFC 8058: the mail client's POST, no page.
    const done = await oneClick(link);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("will no longer send you direct marketing");
    expect((await ledger(id)).at(-1)).toMatchObject({ given: false, channel: "unsubscribe", actor: "link" });
    expect(await detailsMarketing(id)).toBe(false);
    const events = await s.db.query<{ payload: { data: Record<string, unknown> } }>(
      "SELECT payload FROM webhook_events WHERE type = 'consent.withdrawn'",
    );
    expect(events.rows.map((e) => e.payload.data)).toContainEqual(
      expect.objectContaining({ lead_id: id, channel: "unsubscribe" }),
    );
    const audit = await s.db.query("SELECT actor, target FROM audit_log WHERE action = 'consent.withdraw'");
    expect(audit.rows).toContainEqual({ actor: "link", target: id });

    // Reused: done again, nothing written twice. The page now says there is nothing to do.
    const rows = (await ledger(id)).length;
    expect((await oneClick(link)).status).toBe(200);
    expect((await ledger(id)).length).toBe(rows);
    expect(await (await fetch(local(link))).text()).toContain("already opted out");
    expect((await s.db.query("SELECT 1 FROM audit_log WHERE action = 'consent.withdraw'")).rows).toHaveLength(
      1,
    );
  });

  it("refuses forged links and links moved to another lead; reads and changes nothing else", async () => {
    const a = await newLead("forge.a@example.com", "nuform", true);
    const b = await newLead("forge.b@example.com", "nuform", true);
    const link = await optOutLink("forge.a@example.com");
    expect(link).toContain("lang=zh-HK");
    const sig = new URL(link).searchParams.get("t")?.split(".")[1] as string;
    const forged = [
      link.replace(`t=${a.id}.`, `t=${b.id}.`), // a's signature on b
      link.replace(sig, `${sig.slice(0, -2)}AA`),
      `${ORIGIN}/unsubscribe?t=${b.id}`,
      `${ORIGIN}/unsubscribe?t=`,
      `${ORIGIN}/unsubscribe`,
    ];
    for (const url of forged) {
      const res = await oneClick(url);
      expect(res.status, url).toBe(400);
      expect(await res.text()).toContain(t("zh-HK", "server.unsubscribe.invalid").slice(0, 6));
      expect((await fetch(local(url))).status).toBe(400);
    }
    expect(await detailsMarketing(a.id)).toBe(true);
    expect(await detailsMarketing(b.id)).toBe(true);
    // The page shows nothing of the lead: not the e-mail, not the name.
    const html = await (await fetch(local(link))).text();
    expect(html).not.toContain("forge.a");
    expect(html).not.toContain("大文");
  });

  it("an admin records an opt-out on the desk (channel admin); staff may not", async () => {
    const { id } = await newLead("desk.optout@example.com", "nuform", true);
    const path = `/api/admin/leads/${id}/marketing`;
    expect((await s.call("POST", path, { token: staff, body: { given: false } })).status).toBe(403);
    expect((await s.call("POST", path, { body: { given: false } })).status).toBe(401);
    const give = await s.call("POST", path, { token: admin, body: { given: true } });
    expect([give.status, give.body.Field]).toEqual([400, "given"]);
    const res = await s.call("POST", path, { token: admin, body: { given: false } });
    expect(res.status).toBe(200);
    expect(res.body.Data).toEqual([{ marketing: false }]);
    expect((await ledger(id)).at(-1)).toMatchObject({ given: false, channel: "admin", actor: "A001" });
    expect(await detailsMarketing(id)).toBe(false);
    expect(
      (
        await s.call("POST", "/api/admin/leads/NU00000000/marketing", {
          token: admin,
          body: { given: false },
        })
      ).status,
    ).toBe(404);
  });
});

describe("access and erasure of one person", () => {
  const email = ERASED.email;
  let nuform: { id: string; token: string };
  let recruitment: { id: string; token: string };

  it("gives everything held about a person with two leads in two flows, as JSON and as CSV", async () => {
    nuform = await newLead(email, "nuform", true);
    recruitment = await newLead(email, "recruitment", false, "en");
    const redeemed = await s.call("POST", "/api/redemptions", {
      token: staff,
      body: { lead_id: nuform.id, kind: "member", note: "歐陽小姐 VIP" },
    });
    expect(redeemed.status).toBe(200);
    const invoice = await s.call("POST", "/api/invoices", {
      token: staff,
      body: {
        lead_id: nuform.id,
        invoice_no: "PRIV-0001",
        invoice_date: "2026-01-02",
        amount: 12.5,
        shop: "旺角店",
      },
    });
    expect(invoice.status).toBe(200);

    expect((await s.call("GET", `/api/admin/subjects?email=${email}`, { token: staff })).status).toBe(403);
    expect((await s.call("GET", "/api/admin/subjects?email=nope", { token: admin })).body.Field).toBe(
      "email",
    );
    const res = await s.call<{
      email: string;
      leads: { id: string; flow: string; last_name: string; phone: string }[];
      consents: { lead_id: string; channel: string }[];
      redemptions: { lead_id: string; kind: string }[];
      invoices: { lead_id: string; details: { invoice_no: string } }[];
      mails: { kind: string }[];
    }>("GET", `/api/admin/subjects?email=${encodeURIComponent(email.toUpperCase())}`, { token: admin });
    expect(res.status).toBe(200);
    const [report] = res.body.Data;
    expect(report.email).toBe(email);
    expect(report.leads.map((l) => [l.id, l.flow, l.last_name, l.phone])).toEqual([
      [nuform.id, "nuform", "歐陽", "61234987"],
      [recruitment.id, "recruitment", "歐陽", "61234987"],
    ]);
    expect(report.consents.map((c) => c.lead_id).sort()).toEqual([nuform.id, recruitment.id].sort());
    expect(report.redemptions).toEqual([expect.objectContaining({ lead_id: nuform.id, kind: "member" })]);
    expect(report.invoices).toEqual([
      expect.objectContaining({
        lead_id: nuform.id,
        details: expect.objectContaining({ invoice_no: "PRIV-0001" }),
      }),
    ]);
    expect(report.mails.map((m) => m.kind).sort()).toEqual([
      "customer-code",
      "customer-code",
      "lead-confirmation",
      "lead-confirmation",
    ]);

    const csv = await fetch(`${s.url}/api/admin/subjects?email=${email}&format=csv`, {
      headers: { "x-api-key": "nu-forms-dev-key", authorization: `Bearer ${admin}` },
    });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain("record,lead_id,at,field,value\r\n");
    expect(text).toContain(`lead,${nuform.id},`);
    expect(text).toContain(",last_name,歐陽\r\n");
    expect(text).toContain(",shop,旺角店\r\n");
    expect(text).toMatch(/consent,\w+,[^,]+,channel,form/);

    const audit = await s.db.query<{ target: string; detail: unknown }>(
      "SELECT target, detail FROM audit_log WHERE action = 'subject.export' ORDER BY id",
    );
    expect(audit.rows.map((r) => r.detail)).toEqual([
      { format: "json", leads: 2 },
      { format: "csv", leads: 2 },
    ]);
    expect(audit.rows[0].target).not.toContain("two.flows");
  });

  it("erases the person: no personal value left in any column of any table; a second gift is still refused", async () => {
    const link = await optOutLink(email);
    expect(
      (await s.call("POST", "/api/admin/subjects/erase", { token: staff, body: { email } })).status,
    ).toBe(403);
    const res = await s.call("POST", "/api/admin/subjects/erase", { token: admin, body: { email } });
    expect(res.status).toBe(200);
    expect(res.body.Data).toEqual([{ erased_leads: 2 }]);

    // Every text-like column of every table, searched for the e-mail, the phone and the name.
    const { rows: columns } = await s.db.query<{ table_name: string; column_name: string }>(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
       WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
         AND c.data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`,
    );
    expect(columns.length).toBeGreaterThan(30);
    // One statement: for each column, the searched values it holds anywhere.
    const scan = columns
      .map(
        ({ table_name, column_name }) =>
          `SELECT '${table_name}.${column_name}: ' || v AS found FROM unnest($1::text[]) v
           WHERE EXISTS (SELECT 1 FROM "${table_name}" WHERE strpos("${column_name}"::text, v) > 0)`,
      )
      .join(" UNION ALL ");
    const personal = [email, "61234987", "歐陽", "明珠", "歐陽小姐", "PRIV-0001"];
    const found = (await s.db.query<{ found: string }>(scan, [personal])).rows.map((r) => r.found);
    expect(found).toEqual([]);

    // What stays: the redemption (kind, day, staff) without the person; the erased lead's row.
    const kept = await s.db.query("SELECT kind, staff_id, note FROM redemptions WHERE lead_id = $1", [
      nuform.id,
    ]);
    expect(kept.rows).toEqual([{ kind: "member", staff_id: "S001", note: null }]);
    const events = await s.db.query(
      "SELECT payload->'data'->>'lead_id' AS id FROM webhook_events WHERE type = 'lead.erased'",
    );
    expect(events.rows.map((r) => r.id).sort()).toEqual([nuform.id, recruitment.id].sort());
    const audit = await s.db.query("SELECT detail FROM audit_log WHERE action = 'subject.erase'");
    expect(audit.rows).toEqual([{ detail: { leads: 2 } }]);
    // The person's session is over; the opt-out link answers that nothing is held.
    expect((await s.call("GET", `/api/lead?id=${nuform.id}`, { token: nuform.token })).status).toBe(401);
    for (const method of ["GET", "POST"]) {
      const page = await fetch(local(link), { method });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("no longer holds your personal data");
    }
    // The erased lead cannot be redeemed or corrected.
    const erasedRedeem = await s.call("POST", "/api/redemptions", {
      token: staff,
      body: { lead_id: nuform.id, kind: "nutritionist" },
    });
    expect(erasedRedeem.status).toBe(404);
    // The desk lists it by its reference as erased, and its screen says when.
    const listed = await s.call("GET", `/api/admin/leads?q=${nuform.id}`, { token: admin });
    expect(listed.body.Data.map((l) => [l.id, typeof l.erased_at])).toEqual([[nuform.id, "string"]]);
    const card = await s.call("GET", `/api/admin/leads/${nuform.id}`, { token: admin });
    expect(card.body.Data[0].erased_at).toBe(listed.body.Data[0].erased_at);

    // The same e-mail comes back: a new lead may be made, the gift of a kind already taken is not given twice.
    const again = await newLead(email, "nuform", false);
    const second = await s.call("POST", "/api/redemptions", {
      token: staff,
      body: { lead_id: again.id, kind: "member" },
    });
    expect([second.status, second.body.Error]).toEqual([409, "ALREADY_REDEEMED"]);
    const other = await s.call("POST", "/api/redemptions", {
      token: staff,
      body: { lead_id: again.id, kind: "nutritionist" },
    });
    expect(other.status).toBe(200);
  });
});

describe.skipIf(!TEST_DATABASE_URL)(
  "the command-line tools (PostgreSQL: a second process's database)",
  () => {
    it("subject:export and subject:erase answer and audit like the API", async () => {
      const email = "cli.person@example.com";
      const { id } = await newLead(email, "nuform", true);
      const out: string[] = [];
      const io = { out: (line: string) => out.push(line), err: (line: string) => out.push(`ERR ${line}`) };
      const env = { DATABASE_URL: s.deps.config.databaseUrl };
      expect(await runTool(subjectTool, ["export", "--email", email, "--csv"], env, io)).toBe(0);
      expect(out[0].startsWith("\uFEFFrecord,lead_id,at,field,value")).toBe(true);
      expect(out[0]).toContain(`lead,${id},`);
      expect(await runTool(subjectTool, ["erase", "--email", email], env, io)).toBe(0);
      expect(out[1]).toMatch(/^1 lead\(s\) erased in /);
      expect(await runTool(subjectTool, ["erase", "--email", "not-an-address"], env, io)).toBe(2);
      const audit = await s.db.query("SELECT actor, action FROM audit_log WHERE actor = 'cli' ORDER BY id");
      expect(audit.rows).toEqual([
        { actor: "cli", action: "subject.export" },
        { actor: "cli", action: "subject.erase" },
      ]);
      expect((await s.db.query("SELECT 1 FROM leads WHERE email = $1", [email])).rows).toEqual([]);
    });
  },
);

describe("retention", () => {
  const erasedIds = async () =>
    (
      await s.db.query<{ id: string }>(
        "SELECT payload->'data'->>'lead_id' AS id FROM webhook_events WHERE type = 'lead.erased'",
      )
    ).rows.map((r) => r.id);

  it("RETENTION_DAYS: 730 by default, a whole number of days, else the server does not start", () => {
    expect(configFromEnv({}).retentionDays).toBe(730);
    expect(configFromEnv({ RETENTION_DAYS: "365" }).retentionDays).toBe(365);
    for (const bad of ["0", "-1", "1.5", "two years"])
      expect(() => configFromEnv({ RETENTION_DAYS: bad }), bad).toThrow(ConfigError);
  });

  it("anonymises a lead untouched for RETENTION_DAYS: 729 days stays, 731 goes; jobs at once erase each lead once", async () => {
    expect(s.deps.config.retentionDays).toBe(730);
    const counted = async (name: string) =>
      (await s.deps.metrics.registry.getSingleMetric(name)?.get())?.values.find(
        (m) => name.endsWith("anonymised_total") || m.labels.outcome === "done",
      )?.value ?? 0;
    const [runsBefore, anonymisedBefore] = [
      await counted("nuforms_retention_runs_total"),
      await counted("nuforms_retention_anonymised_total"),
    ];
    const { id } = await newLead("kept.long@example.com", "nuform", true);
    s.clock.advance(729 * DAY);
    await runRetention(s.deps, 730);
    expect(await erasedIds()).not.toContain(id);
    s.clock.advance(2 * DAY);

    // Two jobs at once: on PostgreSQL on two instances of one database, else twice in this one.
    let other: TestServer | undefined;
    let byThisOne = 0;
    if (TEST_DATABASE_URL) {
      other = await startTestServer({ postgresUrl: s.deps.config.databaseUrl, publicOrigin: ORIGIN });
      other.clock.advance(731 * DAY);
    }
    try {
      const before = (await erasedIds()).length;
      const candidates = await s.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM leads WHERE erased_at IS NULL",
      );
      const counts = await Promise.all([runRetention(s.deps, 730), runRetention((other ?? s).deps, 730)]);
      expect(counts[0] + counts[1]).toBe(candidates.rows[0].n);
      byThisOne = other ? counts[0] : counts[0] + counts[1];
      const ids = (await erasedIds()).slice(before);
      expect(ids).toContain(id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(candidates.rows[0].n);
    } finally {
      await other?.stop();
    }
    const lead = await s.db.query("SELECT email, details->>'last_name' AS name FROM leads WHERE id = $1", [
      id,
    ]);
    expect(lead.rows).toEqual([{ email: `erased:${id}`, name: "" }]);
    const runs = await s.db.query<{ detail: { anonymised: number } }>(
      "SELECT detail FROM audit_log WHERE action = 'retention.run'",
    );
    expect(runs.rows.reduce((n, r) => n + r.detail.anonymised, 0)).toBeGreaterThan(0);
    // A second pass finds nothing: nothing is erased twice.
    expect(await runRetention(s.deps, 730)).toBe(0);
    // Every run of this instance counted, and what it anonymised.
    expect((await counted("nuforms_retention_runs_total")) - runsBefore).toBe(TEST_DATABASE_URL ? 3 : 4);
    expect((await counted("nuforms_retention_anonymised_total")) - anonymisedBefore).toBe(byThisOne);
  });
});
