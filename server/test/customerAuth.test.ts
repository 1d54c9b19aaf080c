import { describe, expect, it } from "vitest";
import { FREE_CODES_PER_ADDRESS_PER_HOUR } from "../services/customerAuth.ts";
import { fileServer } from "./fileServer.ts";
import { count, customerToken, latestCode, newLeadBody } from "./harness.ts";

const s = fileServer();

const sendCode = (email: string, flow = "nuform", headers?: Record<string, string>) =>
  s.call("POST", "/api/auth/email/code", { body: { email, flow }, headers });
const verify = (email: string, code: string, flow = "nuform", key?: string) =>
  s.call<{ token: string; existing: boolean; lead_id: string | null; lead_flow: string | null }>(
    "POST",
    "/api/auth/email/verify",
    { body: { email, code, flow }, headers: key ? { "Idempotency-Key": key } : {} },
  );

/** A 6-digit code that is not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("e-mail code sign-in", () => {
  it("sends a 6-digit code to the dev outbox and signs in with it", async () => {
    const sent = await sendCode("Mei.Ling@Example.com ");
    expect(sent.status).toBe(200);
    const outbox = await s.call<{ to: string; kind: string; code: string; text: string; created_at: string }>(
      "GET",
      "/api/dev/outbox?email=mei.ling@example.com",
    );
    const entry = outbox.body.Data[0];
    expect(entry).toMatchObject({ to: "mei.ling@example.com", kind: "customer-code" });
    expect(entry.code).toMatch(/^\d{6}$/);
    expect(entry.text).toContain(entry.code);
    expect(entry.text).toContain("10 分鐘");
    const ok = await verify("mei.ling@example.com", entry.code);
    expect(ok.status).toBe(200);
    expect(ok.body.Data[0]).toMatchObject({ existing: false, lead_id: null });
    expect(ok.body.Data[0].token.split(".")).toHaveLength(3);
  });

  it("stores only a hash of the code", async () => {
    await sendCode("hash.check@example.com");
    const code = await latestCode(s, { email: "hash.check@example.com" });
    const { rows } = await s.db.query<{ code_hash: string }>(
      "SELECT code_hash FROM one_time_codes WHERE subject = 'hash.check@example.com'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).not.toContain(code);
    expect(rows[0].code_hash.length).toBeGreaterThanOrEqual(40);
  });

  it("refuses a wrong code with CODE_INVALID and then still accepts the right one", async () => {
    await sendCode("wrong.once@example.com");
    const code = await latestCode(s, { email: "wrong.once@example.com" });
    const bad = await verify("wrong.once@example.com", wrong(code));
    expect(bad.status).toBe(400);
    expect(bad.body.Error).toBe("CODE_INVALID");
    expect((await verify("wrong.once@example.com", code)).status).toBe(200);
  });

  it("refuses a reused code", async () => {
    await sendCode("reuse@example.com");
    const code = await latestCode(s, { email: "reuse@example.com" });
    expect((await verify("reuse@example.com", code)).status).toBe(200);
    const again = await verify("reuse@example.com", code);
    expect(again.status).toBe(400);
    expect(again.body.Error).toBe("CODE_INVALID");
    // No wrong try, so no count of tries left.
    expect(again.body.Data).toEqual([]);
  });

  it("the request that used the code, sent again after its answer was lost, signs in with a fresh token", async () => {
    const email = "lost.verify@example.com";
    await sendCode(email);
    const code = await latestCode(s, { email });
    const first = await verify(email, code, "nuform", "verify-key-1");
    expect(first.status).toBe(200);
    s.clock.advance(2000);
    const retry = await verify(email, code, "nuform", "verify-key-1");
    expect(retry.status).toBe(200);
    expect(retry.body.Data[0].token).toBeTruthy();
    expect(retry.body.Data[0].token).not.toBe(first.body.Data[0].token);
    const lead = await s.call("POST", "/api/lead", {
      token: retry.body.Data[0].token,
      body: newLeadBody(email),
    });
    expect(lead.status).toBe(200);
    // Only a keyed hash is kept with the code: no key, no token.
    const { rows } = await s.db.query<{ use_key_hash: string }>(
      "SELECT use_key_hash FROM one_time_codes WHERE subject = $1",
      [email],
    );
    expect(rows[0].use_key_hash).toBeTruthy();
    expect(rows[0].use_key_hash).not.toContain("verify-key-1");
  });

  it("a used code stays refused without the same key, once expired, or once a newer code was sent", async () => {
    const email = "used.others@example.com";
    await sendCode(email);
    const code = await latestCode(s, { email });
    expect((await verify(email, code, "nuform", "key-a")).status).toBe(200);
    for (const key of [undefined, "key-b"]) {
      const other = await verify(email, code, "nuform", key);
      expect([other.status, other.body.Error]).toEqual([400, "CODE_INVALID"]);
    }
    s.clock.advance(10 * 60 * 1000 + 1000);
    expect((await verify(email, code, "nuform", "key-a")).status).toBe(400);

    const email2 = "used.newer@example.com";
    await sendCode(email2);
    const code2 = await latestCode(s, { email: email2 });
    expect((await verify(email2, code2, "nuform", "key-c")).status).toBe(200);
    s.clock.advance(61 * 1000);
    expect((await sendCode(email2)).status).toBe(200);
    const stale = await verify(email2, code2, "nuform", "key-c");
    expect([stale.status, stale.body.Error]).toEqual([400, "CODE_INVALID"]);
  });

  it("a code never used is not let in by a key alone: a wrong code with it is a wrong try", async () => {
    const email = "key.wrong@example.com";
    await sendCode(email);
    const code = await latestCode(s, { email });
    expect((await verify(email, wrong(code), "nuform", "key-w")).body.Error).toBe("CODE_INVALID");
    expect((await verify(email, code, "nuform", "key-w")).status).toBe(200);
    expect((await verify(email, wrong(code), "nuform", "key-w")).body.Error).toBe("CODE_INVALID");
  });

  it("refuses a code of another flow", async () => {
    await sendCode("flow.bound@example.com", "nuform");
    const code = await latestCode(s, { email: "flow.bound@example.com" });
    const other = await verify("flow.bound@example.com", code, "recruitment");
    expect(other.status).toBe(400);
  });

  it("refuses an expired code (after 10 minutes) with CODE_EXPIRED", async () => {
    await sendCode("expired@example.com");
    const code = await latestCode(s, { email: "expired@example.com" });
    s.clock.advance(10 * 60 * 1000 + 1000);
    const res = await verify("expired@example.com", code);
    expect(res.status).toBe(400);
    expect(res.body.Error).toBe("CODE_EXPIRED");
  });

  it("kills a code after 5 wrong tries: the right code is then refused too (429)", async () => {
    await sendCode("brute@example.com");
    const code = await latestCode(s, { email: "brute@example.com" });
    const answers: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const { body } = await verify("brute@example.com", wrong(code));
      answers.push([body.Error, body.Data]);
    }
    // Each wrong code says how many tries are left; the fifth stops the code.
    expect(answers).toEqual([
      ["CODE_INVALID", [{ tries_left: 4 }]],
      ["CODE_INVALID", [{ tries_left: 3 }]],
      ["CODE_INVALID", [{ tries_left: 2 }]],
      ["CODE_INVALID", [{ tries_left: 1 }]],
      ["CODE_TOO_MANY_ATTEMPTS", []],
    ]);
    const right = await verify("brute@example.com", code);
    expect(right.status).toBe(429);
    expect(right.body.Error).toBe("CODE_TOO_MANY_ATTEMPTS");
  });

  it("only the newest code counts", async () => {
    await sendCode("newest@example.com");
    const first = await latestCode(s, { email: "newest@example.com" });
    await sendCode("newest@example.com");
    const second = await latestCode(s, { email: "newest@example.com" });
    if (first !== second) expect((await verify("newest@example.com", first)).status).toBe(400);
    expect((await verify("newest@example.com", second)).status).toBe(200);
  });

  it("sends at most 5 codes per e-mail per hour (429 RATE_LIMITED with Retry-After), in any letter case", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await sendCode(i % 2 ? "LIMIT@example.com" : "limit@example.com")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const sixth = await sendCode("limit@example.com", "recruitment");
    expect(sixth.status).toBe(429);
    expect(sixth.body.Error).toBe("RATE_LIMITED");
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(await count(s, "one_time_codes WHERE subject = 'limit@example.com'")).toBe(5);
    s.clock.advance(60 * 60 * 1000 + 1000);
    expect((await sendCode("limit@example.com")).status).toBe(200);
  });

  it(`the first ${FREE_CODES_PER_ADDRESS_PER_HOUR} codes per client address an hour are free; the next needs a proof-of-work`, async () => {
    s.clock.advance(2 * 60 * 60 * 1000);
    const results = [];
    for (let i = 0; i < FREE_CODES_PER_ADDRESS_PER_HOUR; i++) {
      results.push((await sendCode(`many${i}@example.com`)).status);
    }
    expect(results.every((st) => st === 200)).toBe(true);
    const over = await sendCode("one.more@example.com");
    expect([over.status, over.body.Error]).toEqual([428, "CHALLENGE_REQUIRED"]);
    // X-Forwarded-For is not believed without TRUST_PROXY=1.
    const spoofed = await sendCode("spoofer@example.com", "nuform", { "x-forwarded-for": "203.0.113.9" });
    expect(spoofed.status).toBe(428);
  });

  it("says whether the e-mail already has a lead, preferring this flow's", async () => {
    s.clock.advance(2 * 60 * 60 * 1000);
    const token = await customerToken(s, "has.lead@example.com", "recruitment");
    const created = await s.call<{ id: string }>("POST", "/api/lead", {
      token,
      body: newLeadBody("has.lead@example.com", "recruitment"),
    });
    expect(created.status).toBe(200);
    await sendCode("has.lead@example.com", "nuform");
    const code = await latestCode(s, { email: "has.lead@example.com" });
    const res = await verify("has.lead@example.com", code, "nuform");
    expect(res.body.Data[0]).toMatchObject({
      existing: true,
      lead_id: created.body.Data[0].id,
      lead_flow: "recruitment",
    });
  });
});
