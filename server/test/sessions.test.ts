/**
 * Sessions: sign-out ends a token on the server, sign-out everywhere and an admin end
 * all of one staff member's sessions, a new password ends the old ones, staff tokens expire when
 * idle and are renewed while active, never past 12 hours. The clock is the test server's own.
 */
import { describe, expect, it } from "vitest";
import { setStaffPassword } from "../services/staffPassword.ts";
import { fileServer } from "./fileServer.ts";
import { customerToken, DEMO_PASSWORD, newLeadBody, queriesDuring, staffToken } from "./harness.ts";

const s = fileServer();

const readLead = (token: string) => s.call("GET", "/api/lead?id=NUDEM00001", { token });
/**
 * A change made in the database (the CLI, SQL by hand) reaches the session cache by NOTIFY: on
 * PGlite during the statement, on PostgreSQL a moment after the commit.
 */
const expectEnded = (token: string) =>
  expect.poll(async () => (await readLead(token)).body.Error, { timeout: 5_000 }).toBe("SESSION_ENDED");
const signOut = (token: string, body?: Record<string, unknown>) =>
  s.call<{ ended: number }>("POST", "/api/auth/sign-out", { token, body });
const renew = (token: string) =>
  s.call<{ token: string; expires_at: string; session_expires_at: string }>("POST", "/api/auth/renew", {
    token,
  });
const claims = (token: string) => JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString());

describe("POST /api/auth/sign-out", () => {
  it("ends a staff token: the next call with it is 401 SESSION_ENDED, a second sign-out too", async () => {
    const token = await staffToken(s, "S001");
    expect((await readLead(token)).status).toBe(200);
    expect((await readLead(token)).status).toBe(200); // now answered from the cache
    const out = await signOut(token);
    expect(out.status).toBe(200);
    expect(out.body.Data).toEqual([{ ended: 1 }]);
    const after = await readLead(token);
    expect(after.status).toBe(401);
    expect(after.body.Error).toBe("SESSION_ENDED");
    expect((await s.call("GET", "/api/staff?staff_id=S001", { token })).status).toBe(401);
    expect((await signOut(token)).status).toBe(401);
  });

  it("ends only that session: the same staff member's other sign-in goes on", async () => {
    const counter = await staffToken(s, "S001");
    const office = await staffToken(s, "S001");
    await signOut(counter);
    expect((await readLead(counter)).status).toBe(401);
    expect((await readLead(office)).status).toBe(200);
  });

  it("ends a customer token, and only that customer's", async () => {
    const token = await customerToken(s, "leaving@example.com");
    const other = await customerToken(s, "staying@example.com");
    expect(
      (await s.call("POST", "/api/lead", { token, body: newLeadBody("leaving@example.com") })).status,
    ).toBe(200);
    expect((await signOut(token)).body.Data).toEqual([{ ended: 1 }]);
    const refused = await s.call("POST", "/api/lead", { token, body: newLeadBody("leaving@example.com") });
    expect(refused.status).toBe(401);
    expect(refused.body.Error).toBe("SESSION_ENDED");
    expect(
      (await s.call("POST", "/api/lead", { token: other, body: newLeadBody("staying@example.com") })).status,
    ).toBe(200);
  });

  it("a customer's sign-out everywhere ends that e-mail's other sign-ins (both flows)", async () => {
    const phone = await customerToken(s, "twice@example.com", "nuform");
    const laptop = await customerToken(s, "twice@example.com", "recruitment");
    const stranger = await customerToken(s, "stranger@example.com");
    expect((await signOut(phone, { everywhere: true })).body.Data).toEqual([{ ended: 2 }]);
    const create = (token: string, email: string, flow: "nuform" | "recruitment") =>
      s.call("POST", "/api/lead", { token, body: newLeadBody(email, flow) });
    expect((await create(laptop, "twice@example.com", "recruitment")).status).toBe(401);
    expect((await create(stranger, "stranger@example.com", "nuform")).status).toBe(200);
  });

  it("needs a token, and refuses unknown fields by name", async () => {
    const none = await s.call("POST", "/api/auth/sign-out", { body: {} });
    expect(none.status).toBe(401);
    const token = await staffToken(s, "S001");
    const bad = await signOut(token, { everywhere: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.body.Field).toBe("everywhere");
    const unknown = await signOut(token, { all: true });
    expect(unknown.body.Field).toBe("all");
    expect((await readLead(token)).status).toBe(200); // a refused request ends nothing
  });
});

describe("sign out everywhere and admin revocation", () => {
  it("ends both sessions of one staff id and no other staff member's", async () => {
    const first = await staffToken(s, "S001");
    const second = await staffToken(s, "S001");
    const admin = await staffToken(s, "A001");
    for (const token of [first, second, admin]) expect((await readLead(token)).status).toBe(200);
    const out = await signOut(first, { everywhere: true });
    expect(out.status).toBe(200);
    expect(out.body.Data[0].ended).toBeGreaterThanOrEqual(2);
    expect((await readLead(first)).status).toBe(401);
    expect((await readLead(second)).status).toBe(401);
    expect((await readLead(admin)).status).toBe(200);
    // A sign-in after it is a new session.
    expect((await readLead(await staffToken(s, "S001"))).status).toBe(200);
  });

  it("an admin ends another staff member's sessions (lost device), keeping their own", async () => {
    const lost = await staffToken(s, "S001");
    const admin = await staffToken(s, "A001");
    expect((await readLead(lost)).status).toBe(200);
    const out = await signOut(admin, { staff_id: "s001" });
    expect(out.status).toBe(200);
    expect(out.body.Data[0].ended).toBeGreaterThanOrEqual(1);
    expect((await readLead(lost)).body.Error).toBe("SESSION_ENDED");
    expect((await readLead(admin)).status).toBe(200);
    const { rows } = await s.db.query<{ revoked_reason: string }>(
      "SELECT revoked_reason FROM auth_sessions WHERE sid = $1",
      [claims(lost).sid],
    );
    expect(rows[0].revoked_reason).toBe("admin:A001");
  });

  it("staff cannot end another staff member's sessions; customers cannot name staff; unknown ids are 404", async () => {
    const admin = await staffToken(s, "A001");
    const staff = await staffToken(s, "S001");
    const refused = await signOut(staff, { staff_id: "A001" });
    expect(refused.status).toBe(403);
    expect(refused.body.Error).toBe("FORBIDDEN");
    expect((await readLead(admin)).status).toBe(200);
    expect((await readLead(staff)).status).toBe(200);
    const customer = await customerToken(s, "nosy@example.com");
    expect((await signOut(customer, { staff_id: "S001" })).status).toBe(403);
    expect((await signOut(admin, { staff_id: "S404" })).status).toBe(404);
    expect((await readLead(staff)).status).toBe(200);
  });
});

describe("a changed password", () => {
  it("ends the old sessions; the new password signs in", async () => {
    const before = await staffToken(s, "S001");
    const alsoBefore = await staffToken(s, "S001");
    const admin = await staffToken(s, "A001");
    expect((await readLead(before)).status).toBe(200);
    expect(await setStaffPassword(s.db, "S001", "New-pass-2027")).toBeGreaterThanOrEqual(2);
    try {
      for (const token of [before, alsoBefore]) await expectEnded(token);
      expect((await readLead(admin)).status).toBe(200);
      const old = await s.call("POST", "/api/staff/login", {
        body: { staff_id: "S001", password: DEMO_PASSWORD },
      });
      expect(old.status).toBe(401);
      const fresh = await s.call<{ staff_token: string }>("POST", "/api/staff/login", {
        body: { staff_id: "S001", password: "New-pass-2027" },
      });
      expect(fresh.status).toBe(200);
      expect((await readLead(fresh.body.Data[0].staff_token)).status).toBe(200);
    } finally {
      // Later tests sign S001 in with the demo password.
      await setStaffPassword(s.db, "S001", DEMO_PASSWORD);
    }
  });

  it("ends them also when the hash is changed by hand in the database", async () => {
    const token = await staffToken(s, "A001");
    expect((await readLead(token)).status).toBe(200);
    await s.db.query("UPDATE staff SET password_hash = password_hash || '' WHERE staff_id = 'A001'");
    expect((await readLead(token)).status).toBe(200); // the same hash is no change
    const { rows } = await s.db.query<{ password_hash: string }>(
      "SELECT password_hash FROM staff WHERE staff_id = 'S001'",
    );
    await s.db.query("UPDATE staff SET password_hash = $1 WHERE staff_id = 'A001'", [rows[0].password_hash]);
    await expectEnded(token);
  });

  it("refuses a password outside the policy and changes nothing", async () => {
    const token = await staffToken(s, "S001");
    await expect(setStaffPassword(s.db, "S001", "short")).rejects.toMatchObject({ field: "password" });
    expect((await readLead(token)).status).toBe(200);
  });
});

describe("revocation reaches the cache wherever it is made", () => {
  it("a session revoked by hand in the database is refused, though it was cached", async () => {
    const token = await staffToken(s, "S001");
    expect((await readLead(token)).status).toBe(200);
    expect(s.deps.sessions.cache.size).toBeGreaterThan(0);
    await s.db.query("UPDATE auth_sessions SET revoked_at = now() WHERE sid = $1", [claims(token).sid]);
    await expectEnded(token);
  });

  it("knows a session it started as live: its first use reads nothing", async () => {
    const token = await s.deps.tokens.customer("born.live@example.com", "nuform");
    const seen = await queriesDuring(s, () => s.deps.tokens.verify(token));
    expect(seen).toEqual([]);
    // And it is still ended by a sign-out like any other.
    expect((await signOut(token)).status).toBe(200);
    await expect(s.deps.tokens.verify(token)).rejects.toMatchObject({ code: "SESSION_ENDED" });
  });

  it("answers a cached live session without a query", async () => {
    const token = await staffToken(s, "S001");
    expect((await readLead(token)).status).toBe(200);
    const check = () => s.deps.tokens.verify(token);
    const seen = await queriesDuring(s, () => check());
    expect(seen.filter((sql) => sql.includes("auth_sessions"))).toEqual([]);
  });
});

describe("the staff row is remembered with the sessions, and dropped on any change", () => {
  const fullRead = (token: string) =>
    s.call<{ email: string }>("GET", "/api/lead?id=NUDEM00001&full=1", { token });
  const staffQueries = async (run: () => Promise<unknown>) => {
    const seen = await queriesDuring(s, run);
    return seen.filter((sql) => /\bFROM staff\b/.test(sql));
  };

  it("answers a second staff call without reading the staff row", async () => {
    const token = await staffToken(s, "S002");
    expect((await readLead(token)).status).toBe(200);
    expect(s.deps.sessions.cache.remembered).toBeGreaterThan(0);
    expect(await staffQueries(() => readLead(token))).toEqual([]);
  });

  it("a role changed in the database counts at the next request, both ways", async () => {
    const token = await staffToken(s, "S002");
    expect((await fullRead(token)).body.Data[0].email).toContain("***");
    const email = async () => (await fullRead(token)).body.Data[0].email;
    await s.db.query("UPDATE staff SET role = 'admin' WHERE staff_id = 'S002'");
    try {
      // On PostgreSQL the NOTIFY of a change made by SQL arrives a moment after the commit.
      await expect.poll(email, { timeout: 5_000 }).not.toContain("***");
    } finally {
      await s.db.query("UPDATE staff SET role = 'staff' WHERE staff_id = 'S002'");
    }
    await expect.poll(email, { timeout: 5_000 }).toContain("***");
  });

  it("a staff member removed in the database is refused", async () => {
    await s.db.query(
      `INSERT INTO staff (staff_id, first_name, last_name, role, phone, need_otp, password_hash)
       SELECT 'S090', first_name, last_name, role, phone, need_otp, password_hash FROM staff WHERE staff_id = 'S002'`,
    );
    const token = await s.deps.tokens.staff("S090", "staff");
    expect((await readLead(token)).status).toBe(200);
    await s.db.query("DELETE FROM staff WHERE staff_id = 'S090'");
    // On PostgreSQL the NOTIFY of a change made by SQL arrives a moment after the commit.
    await expect.poll(async () => (await readLead(token)).status, { timeout: 5_000 }).toBe(401);
  });
});

describe("idle expiry and renewal (staff)", () => {
  it("an idle token is refused after 30 minutes", async () => {
    const token = await staffToken(s, "S001");
    s.clock.advance(29 * 60 * 1000);
    expect((await readLead(token)).status).toBe(200);
    s.clock.advance(60 * 1000 + 1000);
    const res = await readLead(token);
    expect(res.status).toBe(401);
    expect(res.body.Error).toBe("TOKEN_EXPIRED");
    expect((await renew(token)).status).toBe(401);
  });

  it("renewal gives 30 more minutes of the same session; sign-out ends old and new tokens", async () => {
    const token = await staffToken(s, "S001");
    s.clock.advance(20 * 60 * 1000);
    const renewed = await renew(token);
    expect(renewed.status).toBe(200);
    const next = renewed.body.Data[0].token;
    expect(claims(next).sid).toBe(claims(token).sid);
    expect(claims(next).exp - claims(next).iat).toBe(30 * 60);
    expect(Date.parse(renewed.body.Data[0].expires_at)).toBe(claims(next).exp * 1000);
    s.clock.advance(20 * 60 * 1000);
    expect((await readLead(token)).body.Error).toBe("TOKEN_EXPIRED");
    expect((await readLead(next)).status).toBe(200);
    await signOut(next);
    expect((await readLead(next)).body.Error).toBe("SESSION_ENDED");
  });

  it("renewal never goes past 12 hours after sign-in", async () => {
    let token = await staffToken(s, "S001");
    const signedInS = claims(token).iat;
    const ends = new Set<string>();
    for (let i = 0; i < 30; i++) {
      s.clock.advance(25 * 60 * 1000);
      const res = await renew(token);
      if (res.status !== 200) break;
      token = res.body.Data[0].token;
      ends.add(res.body.Data[0].session_expires_at);
    }
    expect(ends.size).toBe(1);
    const endS = Date.parse([...ends][0]) / 1000;
    expect(endS - signedInS).toBeGreaterThanOrEqual(12 * 60 * 60 - 1);
    expect(endS - signedInS).toBeLessThanOrEqual(12 * 60 * 60);
    expect(claims(token).exp).toBe(endS);
    s.clock.advance(30 * 60 * 1000);
    expect((await readLead(token)).status).toBe(401);
    expect((await renew(token)).status).toBe(401);
  });

  it("customers have no renewal (their sign-in lasts 2 hours)", async () => {
    const token = await customerToken(s, "renew@example.com");
    const res = await renew(token);
    expect(res.status).toBe(403);
    expect(claims(token).exp - claims(token).iat).toBe(2 * 60 * 60);
  });
});
