import { describe, expect, it, vi } from "vitest";
import type { Consents, LegalDocument, RedemptionOffer } from "../../lib/core/types.ts";
import { publishTexts } from "../services/customerTexts.ts";
import { fileServer } from "./fileServer.ts";
import { count, customerToken, newLeadBody } from "./harness.ts";

const s = fileServer();

const SAMPLE = "sample-2026-01";
type LeadAnswer = { id: string; consents: Consents };

describe("GET /api/legal_documents", () => {
  it("answers the privacy policy and the collection statement in force, Chinese by default, marked as samples", async () => {
    const res = await s.call<LegalDocument>("GET", "/api/legal_documents");
    expect(res.status).toBe(200);
    expect(res.body.Data.map((d) => [d.kind, d.version, d.lang])).toEqual([
      ["privacy_policy", SAMPLE, "zh-HK"],
      ["pics", SAMPLE, "zh-HK"],
    ]);
    for (const doc of res.body.Data) {
      expect(doc.title).toContain("示例文本");
      expect(doc.body).toContain("示例文本");
      expect(doc.body.length).toBeGreaterThan(200);
    }
  });

  it("answers the English texts with lang=en and names a bad lang", async () => {
    const en = await s.call<LegalDocument>("GET", "/api/legal_documents?lang=en");
    expect(en.body.Data.map((d) => d.title)).toEqual([
      "Privacy Policy (sample text)",
      "Personal Information Collection Statement (sample text)",
    ]);
    const bad = await s.call("GET", "/api/legal_documents?lang=fr");
    expect(bad.status).toBe(400);
    expect(bad.body.Field).toBe("lang");
  });
});

describe("GET /api/redemption_offer", () => {
  it("says what the flow's QR code is redeemed for, where and until when", async () => {
    const res = await s.call<RedemptionOffer>("GET", "/api/redemption_offer?flow=recruitment&lang=en");
    expect(res.status).toBe(200);
    expect(res.body.Data).toEqual([
      expect.objectContaining({ flow: "recruitment", lang: "en", valid_days: 90 }),
    ]);
    expect(res.body.Data[0].gift).toMatch(/welcome pack/);
    const missing = await s.call("GET", "/api/redemption_offer");
    expect(missing.status).toBe(400);
    expect(missing.body.Field).toBe("flow");
  });
});

describe("consents recorded with the lead", () => {
  it("records the document versions accepted, the marketing choice and the server's time (a sent time is replaced)", async () => {
    const email = "consent.a@example.com";
    const token = await customerToken(s, email);
    const before = s.clock.now();
    const documents = [
      { kind: "privacy_policy", version: SAMPLE },
      { kind: "pics", version: SAMPLE },
    ];
    const res = await s.call<LeadAnswer>("POST", "/api/lead", {
      token,
      body: {
        ...newLeadBody(email),
        consents: {
          terms: true,
          privacy: true,
          marketing: true,
          documents,
          accepted_at: "2001-01-01T00:00:00Z",
        },
      },
    });
    expect(res.status).toBe(200);
    const stored = (await s.call<LeadAnswer>("GET", `/api/lead?id=${res.body.Data[0].id}`, { token })).body
      .Data[0];
    expect(stored.consents).toMatchObject({ terms: true, privacy: true, marketing: true, documents });
    const at = Date.parse(stored.consents.accepted_at ?? "");
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(s.clock.now() + 1000);
  });

  it("records the versions in force when the body names none (the contract's minimal lead), and marketing not given", async () => {
    const email = "consent.b@example.com";
    const token = await customerToken(s, email);
    const res = await s.call<LeadAnswer>("POST", "/api/lead", { token, body: newLeadBody(email) });
    expect(res.status).toBe(200);
    expect(res.body.Data[0].consents).toMatchObject({
      marketing: false,
      documents: [
        { kind: "pics", version: SAMPLE },
        { kind: "privacy_policy", version: SAMPLE },
      ],
    });
  });

  it("refuses a version that was never published, naming it, and creates nothing", async () => {
    const email = "consent.c@example.com";
    const token = await customerToken(s, email);
    const leads = await count(s, "leads");
    const res = await s.call("POST", "/api/lead", {
      token,
      body: {
        ...newLeadBody(email),
        consents: {
          terms: true,
          privacy: true,
          marketing: false,
          documents: [
            { kind: "privacy_policy", version: SAMPLE },
            { kind: "pics", version: "2099-made-up" },
          ],
        },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.Field).toBe("consents.documents.1.version");
    expect(await count(s, "leads")).toBe(leads);
  });

  it("checks consents from memory, and records a version published later from its time on", async () => {
    const first = "consent.e@example.com";
    await s.call("POST", "/api/lead", { token: await customerToken(s, first), body: newLeadBody(first) });
    const email = "consent.f@example.com";
    const token = await customerToken(s, email);
    const queries = vi.spyOn(s.db, "query");
    try {
      const res = await s.call<LeadAnswer>("POST", "/api/lead", { token, body: newLeadBody(email) });
      expect(res.status).toBe(200);
      expect(queries.mock.calls.filter(([sql]) => sql.includes("legal_documents"))).toEqual([]);
    } finally {
      queries.mockRestore();
    }
    // Published to take effect a minute from now: not yet in force, then in force.
    await s.db.transaction((tx) =>
      publishTexts(
        tx,
        {
          documents: [
            { kind: "privacy_policy", version: "2027-03", lang: "en", title: "Privacy", body: "v" },
          ],
        },
        s.clock.now() + 60_000,
      ),
    );
    const early = "consent.g@example.com";
    const before = await s.call<LeadAnswer>("POST", "/api/lead", {
      token: await customerToken(s, early),
      body: newLeadBody(early),
    });
    expect(before.body.Data[0].consents.documents).toContainEqual({
      kind: "privacy_policy",
      version: SAMPLE,
    });
    s.clock.advance(61_000);
    const late = "consent.h@example.com";
    const after = await s.call<LeadAnswer>("POST", "/api/lead", {
      token: await customerToken(s, late),
      body: newLeadBody(late),
    });
    expect(after.body.Data[0].consents.documents).toContainEqual({
      kind: "privacy_policy",
      version: "2027-03",
    });
  });

  it("serves a newly published version while leads keep the version they accepted", async () => {
    const email = "consent.d@example.com";
    const token = await customerToken(s, email);
    const old = await s.call<LeadAnswer>("POST", "/api/lead", { token, body: newLeadBody(email) });
    s.clock.advance(60_000);
    await s.db.transaction((tx) =>
      publishTexts(
        tx,
        {
          documents: [
            { kind: "pics", version: "2027-01", lang: "zh-HK", title: "收集個人資料聲明", body: "新版本" },
          ],
        },
        s.clock.now(),
      ),
    );
    const docs = await s.call<LegalDocument>("GET", "/api/legal_documents");
    expect(docs.body.Data.find((d) => d.kind === "pics")?.version).toBe("2027-01");
    const again = await s.call<LeadAnswer>("GET", `/api/lead?id=${old.body.Data[0].id}`, { token });
    expect(again.body.Data[0].consents.documents).toContainEqual({ kind: "pics", version: SAMPLE });
  });
});

// Last: it publishes a version in force for the tests above.
describe("Simplified Chinese texts", () => {
  it("answers Simplified Chinese for zh-Hans and zh-CN, and zh-HK's text of a version not yet in Simplified", async () => {
    // The collection statement's version 2027-01 (published above) is in zh-HK only.
    for (const lang of ["zh-Hans", "zh-CN"]) {
      const res = await s.call<LegalDocument>("GET", `/api/legal_documents?lang=${lang}`);
      expect(res.body.Data.map((d) => [d.kind, d.version, d.lang, d.title])).toEqual([
        ["privacy_policy", SAMPLE, "zh-Hans", "隐私政策（示例文本）"],
        ["pics", "2027-01", "zh-HK", "收集個人資料聲明"],
      ]);
    }
    const offer = await s.call<RedemptionOffer>("GET", "/api/redemption_offer?flow=nuform&lang=zh-CN");
    expect(offer.body.Data).toEqual([expect.objectContaining({ lang: "zh-Hans", valid_days: 90 })]);
    expect(offer.body.Data[0].places).toContain("门店会员服务柜台");

    s.clock.advance(1_000);
    const later = {
      kind: "privacy_policy",
      version: "hans-check",
      title: "私隱政策",
      body: "只有繁體",
    } as const;
    await s.db.transaction((tx) =>
      publishTexts(tx, { documents: [{ ...later, lang: "zh-HK" }] }, s.clock.now()),
    );
    const shown = await s.call<LegalDocument>("GET", "/api/legal_documents?lang=zh-Hans");
    expect(shown.body.Data.map((d) => [d.kind, d.version, d.lang])).toEqual([
      ["privacy_policy", "hans-check", "zh-HK"],
      ["pics", "2027-01", "zh-HK"],
    ]);
    await s.db.transaction((tx) =>
      publishTexts(
        tx,
        { documents: [{ ...later, lang: "zh-Hans", title: "隐私政策", body: "简体" }] },
        s.clock.now(),
      ),
    );
    const both = await s.call<LegalDocument>("GET", "/api/legal_documents?lang=zh-Hans");
    expect(both.body.Data[0]).toMatchObject({ version: "hans-check", lang: "zh-Hans", body: "简体" });
  });
});
