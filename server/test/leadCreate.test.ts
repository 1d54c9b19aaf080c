/**
 * POST /api/lead by a customer whose session this instance has not seen (signed in through
 * another instance, or before a restart): the insert itself reads and checks the session, so
 * the request is one statement — and every guarantee of the two-statement path still holds.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSessions } from "../auth/sessions.ts";
import { createTokens } from "../auth/tokens.ts";
import { count, newLeadBody, queriesDuring, startTestServer, type TestServer } from "./harness.ts";

let s: TestServer;
let other: Awaited<ReturnType<typeof createSessions>>;
/** Tokens whose sessions another instance started: this server's cache does not hold them. */
let elsewhere: ReturnType<typeof createTokens>;

beforeAll(async () => {
  s = await startTestServer();
  other = await createSessions(s.db, s.clock.now);
  elsewhere = createTokens(s.deps.secrets.tokenKey, other, s.deps.secrets.hmac, s.clock.now);
  // The published document versions and offers, read once per instance (held in memory from then on).
  await Promise.all([s.deps.lists.documentVersions(), s.deps.lists.offers()]);
});
afterAll(async () => {
  await other?.close();
  await s?.stop();
});

const post = (token: string, body: Record<string, unknown>, key?: string) =>
  s.call<{ id: string; email: string }>("POST", "/api/lead", {
    token,
    body,
    headers: key ? { "Idempotency-Key": key } : {},
  });

const keysOf = async (email: string) =>
  Number(
    (
      await s.db.query<{ n: number }>("SELECT count(*) AS n FROM idempotency_keys WHERE scope = $1", [
        `lead:${s.deps.tokens.customerSubject(email)}`,
      ])
    ).rows[0].n,
  );
const leadsOf = async (email: string) =>
  Number(
    (await s.db.query<{ n: number }>("SELECT count(*) AS n FROM leads WHERE email = $1", [email])).rows[0].n,
  );

describe("a session this instance has not seen", () => {
  it("one statement reads the session and writes the lead; the session is remembered", async () => {
    const email = "unseen.one@example.com";
    const token = await elsewhere.customer(email, "nuform");
    let answer: Awaited<ReturnType<typeof post>> | undefined;
    const seen = await queriesDuring(s, async () => {
      answer = await post(token, newLeadBody(email), "unseen-one-1");
    });
    expect(answer?.status).toBe(200);
    expect(answer?.body.Data[0].email).toBe(email);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/auth_sessions/);
    expect(seen[0]).toMatch(/INSERT INTO leads/);
    expect(await leadsOf(email)).toBe(1);
    // Remembered: the next use of the token reads no session.
    const again = await queriesDuring(s, () => s.deps.tokens.verify(token));
    expect(again.filter((sql) => sql.includes("auth_sessions"))).toEqual([]);
  });

  it("without an Idempotency-Key too", async () => {
    const email = "unseen.nokey@example.com";
    const token = await elsewhere.customer(email, "nuform");
    const seen = await queriesDuring(s, async () => {
      expect((await post(token, newLeadBody(email))).status).toBe(200);
    });
    expect(seen).toHaveLength(1);
    expect(await leadsOf(email)).toBe(1);
  });

  it("a session ended in the database is 401 SESSION_ENDED, and nothing is written", async () => {
    const email = "unseen.ended@example.com";
    const token = await elsewhere.customer(email, "nuform");
    await s.db.query(
      "UPDATE auth_sessions SET revoked_at = now(), revoked_reason = 'sign-out' WHERE subject = $1",
      [s.deps.tokens.customerSubject(email)],
    );
    for (const key of ["unseen-ended-1", undefined]) {
      const res = await post(token, newLeadBody(email), key);
      expect(res.status).toBe(401);
      expect(res.body.Error).toBe("SESSION_ENDED");
    }
    expect(await leadsOf(email)).toBe(0);
    expect(await keysOf(email)).toBe(0);
  });

  it("a session that no longer exists is 401 SESSION_ENDED, and nothing is written", async () => {
    const email = "unseen.gone@example.com";
    const token = await elsewhere.customer(email, "nuform");
    await s.db.query("DELETE FROM auth_sessions WHERE subject = $1", [s.deps.tokens.customerSubject(email)]);
    const res = await post(token, newLeadBody(email), "unseen-gone-1");
    expect(res.status).toBe(401);
    expect(res.body.Error).toBe("SESSION_ENDED");
    expect(await leadsOf(email)).toBe(0);
    expect(await keysOf(email)).toBe(0);
  });

  it("same key and body: the first answer again; another body: 409 LEAD_EXISTS with the lead's id", async () => {
    const email = "unseen.retry@example.com";
    const first = await post(await elsewhere.customer(email, "nuform"), newLeadBody(email), "unseen-retry-1");
    expect(first.status).toBe(200);
    // The retry comes with another session this instance has not seen either.
    const retry = await post(await elsewhere.customer(email, "nuform"), newLeadBody(email), "unseen-retry-1");
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    const changed = { ...newLeadBody(email), first_name: "小明" };
    const conflict = await post(await elsewhere.customer(email, "nuform"), changed, "unseen-retry-1");
    // The lead is there (the first answer was lost, then the customer changed an answer): the
    // customer's client goes on with its id rather than being stuck on a conflict.
    expect(conflict.status).toBe(409);
    expect(conflict.body.Error).toBe("LEAD_EXISTS");
    expect(conflict.body.Data).toEqual([{ id: first.body.Data[0].id }]);
    expect(await leadsOf(email)).toBe(1);
  });

  it("a second lead of the same e-mail and flow is 409 LEAD_EXISTS with the existing id", async () => {
    const email = "unseen.twice@example.com";
    const first = await post(await elsewhere.customer(email, "nuform"), newLeadBody(email), "unseen-twice-1");
    const second = await post(
      await elsewhere.customer(email, "nuform"),
      newLeadBody(email),
      "unseen-twice-2",
    );
    expect(second.status).toBe(409);
    expect(second.body.Error).toBe("LEAD_EXISTS");
    expect(second.body.Data).toEqual([{ id: first.body.Data[0].id }]);
    expect(await keysOf(email)).toBe(1);
  });

  it("a staff token is 403 FORBIDDEN; a token of another e-mail writes nothing", async () => {
    const staff = await elsewhere.staff("S001", "counter");
    expect((await post(staff, newLeadBody("unseen.staff@example.com"))).body.Error).toBe("FORBIDDEN");
    const token = await elsewhere.customer("unseen.mallory@example.com", "nuform");
    const res = await post(token, newLeadBody("unseen.victim@example.com"), "unseen-mallory-1");
    expect(res.status).toBe(403);
    expect(await leadsOf("unseen.victim@example.com")).toBe(0);
    expect(await count(s, "leads")).toBeGreaterThan(0);
  });
});
