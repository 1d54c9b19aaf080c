import { describe, expect, it } from "vitest";
import type { StaffRecord } from "../../lib/core/types.ts";
import { hashPassword, PASSWORD_COST, setPasswordCostForTests, verifyPassword } from "../auth/password.ts";
import { createStaff } from "../services/staff.ts";
import { fileServer } from "./fileServer.ts";
import { DEMO_PASSWORD, latestCode, staffToken, startTestServer, ticketHeader } from "./harness.ts";
import { TEST_PASSWORD_COST } from "./setup.ts";

const s = fileServer();

type StaffAnswer = StaffRecord;
/** The code step's ticket of the last password step (the header the code step sends back). */
let ticket: Record<string, string> = {};
const login = async (staff_id: string, password: string) => {
  const res = await s.call<StaffAnswer>("POST", "/api/staff/login", { body: { staff_id, password } });
  if (res.status === 200) ticket = ticketHeader(res);
  return res;
};
const otp = (staff_id: string, code: string, key?: string) =>
  s.call<StaffAnswer>("POST", "/api/staff/otp", {
    body: { staff_id, code },
    headers: { ...ticket, ...(key ? { "Idempotency-Key": key } : {}) },
  });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("staff password sign-in", () => {
  it("answers the staff record of docs/rules.md#fields-and-formats with a signed JWT (pinned HS256, exp, iss, aud)", async () => {
    const res = await login("S001", DEMO_PASSWORD);
    expect(res.status).toBe(200);
    const record = res.body.Data[0];
    expect(Object.keys(record).sort()).toEqual(
      ["first_name", "last_name", "need_otp", "phone", "role", "staff_id", "staff_token"].sort(),
    );
    expect(record).toMatchObject({ staff_id: "S001", role: "staff", need_otp: "N" });
    const [header, payload] = record.staff_token
      .split(".")
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, "base64url").toString()));
    expect(header.alg).toBe("HS256");
    expect(payload).toMatchObject({ iss: "nu-forms", aud: "nu-forms:staff", sub: "S001", role: "staff" });
    // 30 minutes unless renewed (POST /api/auth/renew); the session itself ends after 12 h.
    expect(payload.exp - payload.iat).toBe(30 * 60);
    expect(payload.sid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("accepts the staff id in any letter case", async () => {
    expect((await login("a001", DEMO_PASSWORD)).body.Data[0]).toMatchObject({
      staff_id: "A001",
      role: "admin",
    });
  });

  it("refuses a wrong password and an unknown staff id alike (401 INVALID_CREDENTIALS)", async () => {
    const badPassword = await login("A001", "Nu-demo-2025");
    const unknown = await login("Z999", DEMO_PASSWORD);
    for (const res of [badPassword, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body.Error).toBe("INVALID_CREDENTIALS");
      // The first wrong try of each: four more before the lock-out, for a real id and an unknown one.
      expect(res.body.Data).toEqual([{ tries_left: 4 }]);
    }
  });

  it("locks the account for 15 minutes after 5 failures (423), even for the right password", async () => {
    // The wrong password of the test above counted one failure; a success resets the count.
    await login("A001", DEMO_PASSWORD);
    const statuses: number[] = [];
    const triesLeft: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await login("A001", `Wrong-pass-${i}`);
      statuses.push(res.status);
      triesLeft.push((res.body.Data as Array<{ tries_left?: number }>)[0]?.tries_left);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 423]);
    // Each refusal before the lock says how many wrong tries are left; the lock-out itself carries none.
    expect(triesLeft).toEqual([4, 3, 2, 1, undefined]);
    const right = await login("A001", DEMO_PASSWORD);
    expect(right.status).toBe(423);
    expect(right.body.Error).toBe("STAFF_LOCKED");
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(800);
    s.clock.advance(15 * 60 * 1000 + 1000);
    expect((await login("A001", DEMO_PASSWORD)).status).toBe(200);
  });

  it("keeps passwords as scrypt hashes with a per-user salt", async () => {
    const { rows } = await s.db.query<{ password_hash: string }>(
      "SELECT password_hash FROM staff ORDER BY staff_id",
    );
    const salts = new Set(rows.map((r) => r.password_hash.split("$")[4]));
    expect(salts.size).toBe(rows.length);
    for (const r of rows) {
      expect(r.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
      expect(r.password_hash).not.toContain(DEMO_PASSWORD);
    }
  });

  it("hashes new passwords at the server's own scrypt cost, and checks each hash at the cost it names", async () => {
    // The other tests hash at a cheap cost (setup.ts); the server never changes PASSWORD_COST.
    expect(PASSWORD_COST).toEqual({ N: 2 ** 15, r: 8, p: 1 });
    setPasswordCostForTests(PASSWORD_COST);
    try {
      const strong = await hashPassword(DEMO_PASSWORD);
      expect(strong).toMatch(/^scrypt\$32768\$8\$1\$/);
      expect(await verifyPassword(DEMO_PASSWORD, strong)).toBe(true);
      expect(await verifyPassword(`${DEMO_PASSWORD}x`, strong)).toBe(false);
    } finally {
      setPasswordCostForTests(TEST_PASSWORD_COST);
    }
    const cheap = await hashPassword(DEMO_PASSWORD);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword(DEMO_PASSWORD, cheap)).toBe(true);
  });

  it("creates staff only with a password that meets the policy", async () => {
    const base = {
      staff_id: "S100",
      first_name: "Ka Yan",
      last_name: "Lee",
      role: "staff",
      phone: "",
      need_otp: "N",
    };
    for (const weak of ["Sh0rt!", "alllowercase1!", "ALLUPPER1!", "NoDigits!!", "NoSymbol123"]) {
      await expect(createStaff(s.db, { ...base, password: weak })).rejects.toMatchObject({
        code: "VALIDATION_FAILED",
        field: "password",
      });
    }
    await createStaff(s.db, { ...base, password: "Good-Pass-42" });
    expect((await login("S100", "Good-Pass-42")).status).toBe(200);
    await expect(createStaff(s.db, { ...base, password: "Good-Pass-42" })).rejects.toMatchObject({
      field: "staff_id",
    });
  });
});

describe("staff one-time code (need_otp Y)", () => {
  it("answers need_otp Y with an empty token and puts a code in the outbox for the staff id", async () => {
    const res = await login("S002", DEMO_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.Data[0]).toMatchObject({ staff_id: "S002", need_otp: "Y", staff_token: "" });
    const outbox = await s.call<{ to: string; kind: string; code: string }>(
      "GET",
      "/api/dev/outbox?staff_id=S002",
    );
    expect(outbox.body.Data[0]).toMatchObject({ to: "S002", kind: "staff-code" });
    const code = outbox.body.Data[0].code;
    const done = await otp("S002", code);
    expect(done.status).toBe(200);
    expect(done.body.Data[0].staff_token.split(".")).toHaveLength(3);
    // reused
    const again = await otp("S002", code);
    expect(again.status).toBe(400);
    expect(again.body.Error).toBe("CODE_INVALID");
  });

  it("refuses a wrong code and an expired one (5 minutes)", async () => {
    await login("S002", DEMO_PASSWORD);
    const code = await latestCode(s, { staff_id: "S002" });
    const bad = await otp("S002", wrong(code));
    expect(bad.body.Error).toBe("CODE_INVALID");
    s.clock.advance(5 * 60 * 1000 + 1000);
    const late = await otp("S002", code);
    expect(late.status).toBe(400);
    expect(late.body.Error).toBe("CODE_EXPIRED");
  });

  it("a code without the password step gives nothing", async () => {
    const res = await otp("S001", "123456");
    expect(res.status).toBe(400);
    expect(res.body.Error).toBe("CODE_INVALID");
  });

  it("wrong codes count towards the lock-out", async () => {
    s.clock.advance(60 * 60 * 1000);
    await login("S002", DEMO_PASSWORD);
    const code = await latestCode(s, { staff_id: "S002" });
    const errors: string[] = [];
    for (let i = 0; i < 5; i++) errors.push((await otp("S002", wrong(code))).body.Error as string);
    expect(errors.at(-1)).toBe("STAFF_LOCKED");
    expect((await otp("S002", code)).status).toBe(423);
    expect((await login("S002", DEMO_PASSWORD)).status).toBe(423);
  });

  it("the right code sent several times at once signs in once and counts no wrong try", async () => {
    s.clock.advance(60 * 60 * 1000);
    await login("S002", DEMO_PASSWORD);
    const code = await latestCode(s, { staff_id: "S002" });
    // A double tap, or a client retrying after a lost answer: the same right code, eight times.
    const answers = await Promise.all(Array.from({ length: 8 }, () => otp("S002", code)));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(1);
    // The repeats are refused: as a used code, or (those over the burst limit while the others are
    // still being checked) as locked for the moment, which does not last.
    for (const res of answers.filter((res) => res.status !== 200)) {
      expect(["CODE_INVALID", "STAFF_LOCKED"]).toContain(res.body.Error);
    }
    // None of the repeats was a wrong guess: five wrong codes are still needed to lock the id.
    await login("S002", DEMO_PASSWORD);
    const next = await latestCode(s, { staff_id: "S002" });
    const errors: string[] = [];
    for (let i = 0; i < 4; i++) errors.push((await otp("S002", wrong(next))).body.Error as string);
    expect(errors).toEqual(["CODE_INVALID", "CODE_INVALID", "CODE_INVALID", "CODE_INVALID"]);
    expect((await otp("S002", next)).status).toBe(200);
  });

  it("the code step sent again with its Idempotency-Key after a lost answer signs in; another key does not", async () => {
    s.clock.advance(60 * 60 * 1000);
    await login("S002", DEMO_PASSWORD);
    const code = await latestCode(s, { staff_id: "S002" });
    const first = await otp("S002", code, "otp-key-1");
    expect(first.status).toBe(200);
    s.clock.advance(1000);
    const retry = await otp("S002", code, "otp-key-1");
    expect(retry.status).toBe(200);
    expect(retry.body.Data[0].staff_token).toBeTruthy();
    expect(retry.body.Data[0].staff_token).not.toBe(first.body.Data[0].staff_token);
    const other = await otp("S002", code, "otp-key-2");
    expect([other.status, other.body.Error]).toEqual([400, "CODE_INVALID"]);
    expect((await otp("S002", code)).body.Error).toBe("CODE_INVALID");
    // Past the code's 5 minutes, not even the same request gets in.
    s.clock.advance(5 * 60 * 1000);
    expect((await otp("S002", code, "otp-key-1")).status).toBe(400);
  });

  it("sends at most 5 staff codes an hour", async () => {
    s.clock.advance(2 * 60 * 60 * 1000);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login("S002", DEMO_PASSWORD)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("failed sign-ins per client address", () => {
  it("after 30 failures from one address across staff ids, answers 429 even for a right password", async () => {
    const fresh = await startTestServer();
    try {
      for (let i = 0; i < 30; i++) {
        const res = await fresh.call("POST", "/api/staff/login", {
          body: { staff_id: `X${String(i).padStart(3, "0")}`, password: "Wrong-pass-1!" },
        });
        expect(res.status).toBe(401);
      }
      const blocked = await fresh.call("POST", "/api/staff/login", {
        body: { staff_id: "S001", password: DEMO_PASSWORD },
      });
      expect(blocked.status).toBe(429);
      expect(blocked.body.Error).toBe("RATE_LIMITED");
    } finally {
      await fresh.stop();
    }
    // 31 full-cost password checks: seconds alone, much longer on a machine shared with other suites.
  }, 120_000);
});

describe("GET /api/staff", () => {
  it("needs a staff token and never gives out a token", async () => {
    const token = await staffToken(s, "S001");
    const res = await s.call<Record<string, string>>("GET", "/api/staff?staff_id=S002", { token });
    expect(res.status).toBe(200);
    expect(res.body.Data[0]).toMatchObject({ staff_id: "S002", need_otp: "Y" });
    expect(res.body.Data[0]).not.toHaveProperty("staff_token");
    expect(JSON.stringify(res.body)).not.toContain("password");
    expect((await s.call("GET", "/api/staff?staff_id=S002")).status).toBe(401);
    const missing = await s.call("GET", "/api/staff?staff_id=S404", { token });
    expect(missing.status).toBe(404);
    const bad = await s.call("GET", "/api/staff?staff_id=S0%2001", { token });
    expect(bad.body).toMatchObject({ Error: "VALIDATION_FAILED", Field: "staff_id" });
  });
});
