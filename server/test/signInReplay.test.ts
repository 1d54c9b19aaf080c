/**
 * A used one-time code never signs anyone in again once the session it started has ended: the
 * "answer lost, send again" retry (same code, same Idempotency-Key) gives back that same session
 * while it lives, from any address, and nothing after sign-out, an admin's sign-out of the staff
 * member or a new password. Addresses are told apart with TRUST_PROXY=1 and X-Forwarded-For.
 */
import { describe, expect, it } from "vitest";
import { fileServer } from "./fileServer.ts";
import { DEMO_PASSWORD, from, latestCode, staffToken, ticketHeader } from "./harness.ts";

const s = fileServer({ trustProxy: true });

const sidOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()) as { sid: string }).sid;
const sessionsOf = async (kind: string, subject: string) =>
  (
    await s.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM auth_sessions WHERE kind = $1 AND subject = $2",
      [kind, subject],
    )
  ).rows[0].n;
const signOut = (token: string, body: Record<string, unknown> = {}) =>
  s.call<{ ended: number }>("POST", "/api/auth/sign-out", { token, body });
/** Whether a token still works: signing out its own session answers 200 only while it lives. */
const isLive = async (token: string) => (await signOut(token)).status === 200;

describe("customer: the verify sent again after a lost answer", () => {
  const flow = "nuform" as const;
  async function signedInWithKey(email: string, key: string) {
    expect(
      (await s.call("POST", "/api/auth/email/code", { body: { email, flow }, headers: from("192.0.2.50") }))
        .status,
    ).toBe(200);
    const code = await latestCode(s, { email });
    const verify = (address: string) =>
      s.call<{ token: string }>("POST", "/api/auth/email/verify", {
        body: { email, code, flow },
        headers: { ...from(address), "Idempotency-Key": key },
      });
    const first = await verify("192.0.2.50");
    expect(first.status).toBe(200);
    return { verify, token: first.body.Data[0].token };
  }

  it("gives back the same session while it lives, and nothing once it was signed out everywhere", async () => {
    const email = "replay.everywhere@example.com";
    const subject = s.deps.tokens.customerSubject(email);
    const { verify, token } = await signedInWithKey(email, "k1");
    const again = await verify("192.0.2.51");
    expect(again.status).toBe(200);
    expect(sidOf(again.body.Data[0].token)).toBe(sidOf(token));
    expect(await sessionsOf("customer", subject)).toBe(1);

    expect((await signOut(token, { everywhere: true })).body.Data[0]).toEqual({ ended: 1 });
    for (const address of ["198.51.100.7", "203.0.113.8", "192.0.2.99"]) {
      const replay = await verify(address);
      expect([replay.status, replay.body.Error]).toEqual([400, "CODE_INVALID"]);
    }
    expect(await sessionsOf("customer", subject)).toBe(1);
  });

  it("nothing once that one session was signed out", async () => {
    const email = "replay.signout@example.com";
    const subject = s.deps.tokens.customerSubject(email);
    const { verify, token } = await signedInWithKey(email, "k2");
    expect((await signOut(token)).body.Data[0]).toEqual({ ended: 1 });
    for (const address of ["198.51.100.9", "203.0.113.10"]) {
      expect((await verify(address)).body.Error).toBe("CODE_INVALID");
    }
    expect(await sessionsOf("customer", subject)).toBe(1);
  });
});

describe("staff: the code step sent again after a lost answer", () => {
  async function signedInWithKey(key: string, address = "192.0.2.60") {
    s.clock.advance(61 * 60 * 1000); // a fresh hour of staff codes
    const login = await s.call("POST", "/api/staff/login", {
      body: { staff_id: "S002", password: DEMO_PASSWORD },
      headers: from(address),
    });
    expect(login.status).toBe(200);
    const code = await latestCode(s, { staff_id: "S002" });
    const otp = (at: string) =>
      s.call<{ staff_token: string }>("POST", "/api/staff/otp", {
        body: { staff_id: "S002", code },
        headers: { ...from(at), ...ticketHeader(login), "Idempotency-Key": key },
      });
    const first = await otp(address);
    expect(first.status).toBe(200);
    return { otp, token: first.body.Data[0].staff_token };
  }
  const refusedEverywhere = async (otp: (at: string) => ReturnType<typeof s.call>) => {
    const before = await sessionsOf("staff", "S002");
    for (const address of ["198.51.100.20", "203.0.113.21", "192.0.2.22"]) {
      const replay = await otp(address);
      expect([replay.status, replay.body.Error]).toEqual([400, "CODE_INVALID"]);
    }
    expect(await sessionsOf("staff", "S002")).toBe(before);
  };

  it("the same session while it lives; nothing after sign-out everywhere", async () => {
    const { otp, token } = await signedInWithKey("s-k1");
    const again = await otp("198.51.100.19");
    expect(again.status).toBe(200);
    expect(sidOf(again.body.Data[0].staff_token)).toBe(sidOf(token));
    await signOut(token, { everywhere: true });
    await refusedEverywhere(otp);
  });

  it("nothing after an admin ended the staff member's sessions", async () => {
    const { otp, token } = await signedInWithKey("s-k2");
    const admin = await staffToken(s, "A001");
    expect((await signOut(admin, { staff_id: "S002" })).status).toBe(200);
    expect(await isLive(token)).toBe(false);
    await refusedEverywhere(otp);
  });

  it("nothing after a new password", async () => {
    const { otp, token } = await signedInWithKey("s-k3");
    const { rows } = await s.db.query<{ password_hash: string }>(
      "SELECT password_hash FROM staff WHERE staff_id = 'S002'",
    );
    // A new hash of the same password, as set-staff-password writes it: the hash changed, so the
    // database ends the staff member's sessions.
    const [, n, r, p, , key] = rows[0].password_hash.split("$");
    const salt = Buffer.from("new-salt-16bytes").toString("base64");
    const { scryptSync } = await import("node:crypto");
    const hash = scryptSync(DEMO_PASSWORD.normalize("NFKC"), Buffer.from(salt, "base64"), 32, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: 128 * Number(n) * Number(r) * 2,
    });
    expect(hash.toString("base64")).not.toBe(key);
    await s.db.query("UPDATE staff SET password_hash = $1 WHERE staff_id = 'S002'", [
      ["scrypt", n, r, p, salt, hash.toString("base64")].join("$"),
    ]);
    // A change made by SQL reaches the session cache by NOTIFY, on PostgreSQL a moment after the
    // commit: wait for it with a read, which (unlike a sign-out) leaves a live session live.
    const read = async () => (await s.call("GET", "/api/lead?id=NUDEM00001", { token })).body.Error;
    await expect.poll(read, { timeout: 5_000 }).toBe("SESSION_ENDED");
    expect(await isLive(token)).toBe(false);
    await refusedEverywhere(otp);
  });
});
