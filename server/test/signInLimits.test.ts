/**
 * Sign-in that strangers cannot jam and guessing cannot spread: the staff code step needs what the
 * password step handed out, code answers are the same for real and unknown ids (expired codes
 * too), and the ceilings per address (across e-mails) and per staff id (across addresses) hold,
 * with addresses counted as networks (a port in X-Forwarded-For is not a new address).
 * Addresses are told apart with TRUST_PROXY=1 and X-Forwarded-For, as behind a proxy.
 */
import { randomBytes, scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { WRONG_GUESSES_PER_ADDRESS_ALL_EMAILS } from "../services/customerAuth.ts";
import {
  createStaff,
  FAILED_SIGN_INS_PER_ACCOUNT,
  FAILED_SIGN_INS_PER_ACCOUNT_PER_DAY,
} from "../services/staff.ts";
import { fileServer } from "./fileServer.ts";
import { DEMO_PASSWORD, from, latestCode, staffLoginFrom, staffOtpFrom, ticketHeader } from "./harness.ts";

const s = fileServer({ trustProxy: true });

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
type Res = { status: number; body: Record<string, unknown>; headers: Headers };
/** Everything an answer says: status, body, and whether it names a time to come back. */
const answer = (res: Res) => JSON.stringify([res.status, res.body, res.headers.has("retry-after")]);

const login = (staff_id: string, password: string, address: string) =>
  staffLoginFrom(s, staff_id, password, address);
const otp = (staff_id: string, code: string, address: string, ticket: Record<string, string> = {}) =>
  staffOtpFrom(s, staff_id, code, address, ticket);
const askCode = (email: string, address: string) =>
  s.call("POST", "/api/auth/email/code", { body: { email, flow: "nuform" }, headers: from(address) });
const verify = (email: string, code: string, address: string) =>
  s.call<{ token: string }>("POST", "/api/auth/email/verify", {
    body: { email, code, flow: "nuform" },
    headers: from(address),
  });

describe("the staff code step is bound to the password step", () => {
  it("a stranger's 45 wrong codes from 9 addresses neither burn the owner's code nor slow the owner", async () => {
    const owner = await login("S002", DEMO_PASSWORD, "192.0.2.60");
    expect(owner.status).toBe(200);
    const code = await latestCode(s, { staff_id: "S002" });
    for (let a = 0; a < 9; a++) {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await otp("S002", wrongCode(code), `198.18.${a}.1`)).status);
      expect(statuses).toEqual([400, 400, 400, 400, 423]);
    }
    const done = await otp("S002", code, "192.0.2.60", ticketHeader(owner));
    expect(done.status).toBe(200);
    expect(done.body.Data[0].staff_token.split(".")).toHaveLength(3);
    expect((await login("S002", DEMO_PASSWORD, "192.0.2.60")).status).toBe(200);
  });

  it("the right code without the ticket (or with another one) is a wrong try and leaves the code alive", async () => {
    s.clock.advance(61 * 60 * 1000);
    const owner = await login("S002", DEMO_PASSWORD, "192.0.2.61");
    const code = await latestCode(s, { staff_id: "S002" });
    const bare = await otp("S002", code, "198.18.50.1");
    expect([bare.status, bare.body.Error]).toEqual([400, "CODE_INVALID"]);
    const forged = await otp("S002", code, "198.18.50.2", { "x-staff-code-ticket": "forged" });
    expect([forged.status, forged.body.Error]).toEqual([400, "CODE_INVALID"]);
    expect((await otp("S002", code, "192.0.2.61", ticketHeader(owner))).status).toBe(200);
  });

  it("a browser on the server's origin sends the ticket back as the cookie the password step set", async () => {
    s.clock.advance(61 * 60 * 1000);
    const owner = await login("S002", DEMO_PASSWORD, "192.0.2.62");
    const cookie = owner.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^nu_staff_code=[\w-]{20,};/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Strict/i);
    expect(cookie).toMatch(/; Path=\/api\/staff\/otp/i);
    const code = await latestCode(s, { staff_id: "S002" });
    const done = await otp("S002", code, "192.0.2.62", { cookie: cookie.split(";")[0] });
    expect(done.status).toBe(200);
  });
});

describe("code answers are the same for real and unknown ids, expired codes included", () => {
  it("a customer e-mail whose code expired and one never seen: same answers, same count", async () => {
    expect((await askCode("expired.real@example.com", "192.0.2.80")).status).toBe(200);
    const code = await latestCode(s, { email: "expired.real@example.com" });
    s.clock.advance(11 * 60 * 1000);
    const real: string[] = [];
    const unknown: string[] = [];
    for (let i = 0; i < 7; i++) {
      real.push(answer(await verify("expired.real@example.com", wrongCode(code), "198.51.100.81")));
      unknown.push(answer(await verify("never.asked@example.com", wrongCode(code), "198.51.100.82")));
    }
    expect(real).toEqual(unknown);
    expect(real.at(-1)).toContain("CODE_TOO_MANY_ATTEMPTS");
    // Only the right code tells its owner that it expired.
    expect((await verify("expired.real@example.com", code, "192.0.2.80")).body.Error).toBe("CODE_EXPIRED");
  });

  it("a staff id whose code expired and an unknown id: same answers, same lock-out", async () => {
    s.clock.advance(61 * 60 * 1000);
    expect((await login("S002", DEMO_PASSWORD, "192.0.2.83")).status).toBe(200);
    const code = await latestCode(s, { staff_id: "S002" });
    s.clock.advance(6 * 60 * 1000);
    const real: string[] = [];
    const unknown: string[] = [];
    for (let i = 0; i < 7; i++) {
      real.push(answer(await otp("S002", wrongCode(code), "198.51.100.83")));
      unknown.push(answer(await otp("Z777", wrongCode(code), "198.51.100.84")));
    }
    expect(real).toEqual(unknown);
    expect(real.at(-1)).toContain("STAFF_LOCKED");
  });
});

describe("one address guessing customer codes across many e-mails", () => {
  it(`30 e-mails × 5 wrong codes: at most ${WRONG_GUESSES_PER_ADDRESS_ALL_EMAILS} are checked, the rest 429`, async () => {
    const emails = Array.from({ length: 30 }, (_, i) => `spread.${i}@example.com`);
    const codes = new Map<string, string>();
    for (const email of emails) {
      expect((await askCode(email, "192.0.2.90")).status).toBe(200);
      codes.set(email, await latestCode(s, { email }));
    }
    let refused = 0;
    for (const email of emails) {
      for (let i = 0; i < 5; i++) {
        const res = await verify(email, wrongCode(codes.get(email) as string), "198.51.100.90");
        if (res.body.Error === "RATE_LIMITED") {
          refused++;
          expect(res.status).toBe(429);
          expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
        }
      }
    }
    const { rows } = await s.db.query<{ n: number }>(
      "SELECT coalesce(sum(attempts), 0)::int AS n FROM one_time_codes WHERE subject LIKE 'spread.%'",
    );
    expect(rows[0].n).toBeLessThanOrEqual(WRONG_GUESSES_PER_ADDRESS_ALL_EMAILS);
    expect(refused).toBe(150 - WRONG_GUESSES_PER_ADDRESS_ALL_EMAILS);
    // The customers themselves, at their own addresses, are not slowed.
    const own = await verify(emails[29], codes.get(emails[29]) as string, "192.0.2.91");
    expect(own.status).toBe(200);
  });
});

describe("addresses are counted as networks", () => {
  it("an ip:port in X-Forwarded-For counts as the ip, whatever the port", async () => {
    const email = "ports@example.com";
    expect((await askCode(email, "192.0.2.95")).status).toBe(200);
    const code = await latestCode(s, { email });
    const errors: string[] = [];
    for (let i = 0; i < 6; i++)
      errors.push((await verify(email, wrongCode(code), `203.0.113.95:${40000 + i}`)).body.Error as string);
    expect(errors.slice(-2)).toEqual(["CODE_TOO_MANY_ATTEMPTS", "CODE_TOO_MANY_ATTEMPTS"]);
    expect((await verify(email, code, "203.0.113.95")).body.Error).toBe("CODE_TOO_MANY_ATTEMPTS");
    expect((await verify(email, code, "[2001:db8:0:95::1]:443")).status).toBe(200);
  });
});

describe("password guessing spread over many addresses", () => {
  /** A staff member whose password hash is cheap to check, so the test makes hundreds of guesses fast. */
  async function cheapStaff(staffId: string, password: string) {
    await createStaff(s.db, {
      staff_id: staffId,
      first_name: "Spread",
      last_name: "Test",
      role: "staff",
      phone: "91234567",
      need_otp: "N",
      password,
    });
    const salt = randomBytes(16);
    const cost = { N: 2 ** 10, r: 8, p: 1 };
    const key = scryptSync(password.normalize("NFKC"), salt, 32, cost);
    await s.db.query("UPDATE staff SET password_hash = $2 WHERE staff_id = $1", [
      staffId,
      ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), key.toString("base64")].join("$"),
    ]);
  }

  it("a ceiling per staff id over all addresses (15 minutes and a day); the owner's known address still gets in", async () => {
    await cheapStaff("T900", DEMO_PASSWORD);
    expect((await login("T900", DEMO_PASSWORD, "192.0.2.99")).status).toBe(200);
    let checked = 0;
    for (let window = 0; window < 4; window++) {
      let inWindow = 0;
      for (let a = 0; a < 60; a++) {
        const res = await login("T900", `Wrong-pass-${a}`, `10.${window + 20}.${a}.1`);
        if (res.status === 401) inWindow++;
        else expect([res.status, res.body.Error]).toEqual([429, "RATE_LIMITED"]);
      }
      expect(inWindow).toBeLessThanOrEqual(FAILED_SIGN_INS_PER_ACCOUNT);
      checked += inWindow;
      // Fresh addresses wait, even with the right password; the owner's counter does not.
      expect((await login("T900", DEMO_PASSWORD, `10.${window + 30}.0.1`)).status).toBe(429);
      expect((await login("T900", DEMO_PASSWORD, "192.0.2.99")).status).toBe(200);
      s.clock.advance(16 * 60 * 1000);
    }
    expect(checked).toBe(FAILED_SIGN_INS_PER_ACCOUNT_PER_DAY);
  }, 120_000);
});
