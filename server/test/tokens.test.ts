import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { CUSTOMER_AUDIENCE, ISSUER, STAFF_AUDIENCE } from "../auth/tokens.ts";
import { fileServer } from "./fileServer.ts";
import { customerToken, staffToken } from "./harness.ts";

const s = fileServer();
let realStaff: string;
let realSid: string;
beforeAll(async () => {
  realStaff = await staffToken(s, "S001");
  realSid = JSON.parse(Buffer.from(realStaff.split(".")[1], "base64url").toString()).sid;
});
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const nowS = () => Math.floor(Date.now() / 1000);

function sign(
  claims: Record<string, unknown>,
  key: Uint8Array,
  header: Record<string, unknown> = { alg: "HS256" },
) {
  return new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(key);
}

// Claims of a real, live session: each test changes one thing.
const staffClaims = () => ({
  iss: ISSUER,
  aud: STAFF_AUDIENCE,
  sub: "S001",
  role: "staff",
  sid: realSid,
  exp: nowS() + 3600,
});
const readLead = (token: string) => s.call("GET", "/api/lead?id=NUDEM00001", { token });

describe("token checks", () => {
  it("accepts the real staff token", async () => {
    expect((await readLead(realStaff)).status).toBe(200);
  });

  it("refuses a forged token (payload changed, signature kept)", async () => {
    const [header, , signature] = realStaff.split(".");
    const forged = `${header}.${b64({ ...staffClaims(), sub: "A001", role: "admin" })}.${signature}`;
    const res = await readLead(forged);
    expect(res.status).toBe(401);
    expect(res.body.Error).toBe("UNAUTHENTICATED");
  });

  it("refuses alg: none", async () => {
    const none = `${b64({ alg: "none", typ: "JWT" })}.${b64(staffClaims())}.`;
    expect((await readLead(none)).status).toBe(401);
  });

  it("refuses a token signed with another key, or with another algorithm", async () => {
    const otherKey = new Uint8Array(32).fill(7);
    expect((await readLead(await sign(staffClaims(), otherKey))).status).toBe(401);
    const hs512 = await sign(staffClaims(), s.deps.secrets.tokenKey, { alg: "HS512" });
    expect((await readLead(hs512)).status).toBe(401);
  });

  it("refuses an expired token with TOKEN_EXPIRED", async () => {
    const expired = await sign({ ...staffClaims(), exp: nowS() - 10 }, s.deps.secrets.tokenKey);
    const res = await readLead(expired);
    expect(res.status).toBe(401);
    expect(res.body.Error).toBe("TOKEN_EXPIRED");
  });

  it("expires real tokens after their lifetime (staff: 30 min unless renewed)", async () => {
    const token = await staffToken(s, "S001");
    s.clock.advance(30 * 60 * 1000 + 5000);
    expect((await readLead(token)).body.Error).toBe("TOKEN_EXPIRED");
  });

  it("refuses a correctly signed token without exp or sid, or with a wrong issuer or audience", async () => {
    const key = s.deps.secrets.tokenKey;
    const { exp: _exp, ...noExp } = staffClaims();
    expect((await readLead(await sign(noExp, key))).status).toBe(401);
    const { sid: _sid, ...noSid } = staffClaims();
    expect((await readLead(await sign(noSid, key))).status).toBe(401);
    expect((await readLead(await sign({ ...staffClaims(), sid: "not-a-session" }, key))).status).toBe(401);
    expect((await readLead(await sign({ ...staffClaims(), iss: "someone-else" }, key))).status).toBe(401);
    expect((await readLead(await sign({ ...staffClaims(), aud: "nu-forms:other" }, key))).status).toBe(401);
  });

  it("refuses a token of a staff member who no longer exists", async () => {
    const ghost = await sign({ ...staffClaims(), sub: "S999" }, s.deps.secrets.tokenKey);
    expect((await readLead(ghost)).status).toBe(401);
  });

  it("reads the scheme case-insensitively (RFC 9110): `bearer` is `Bearer`", async () => {
    const token = await staffToken(s, "S001");
    for (const scheme of ["bearer", "BEARER"]) {
      const res = await s.call("GET", "/api/lead?id=NUDEM00001", {
        headers: { authorization: `${scheme} ${token}` },
      });
      expect(res.status, scheme).toBe(200);
    }
  });

  it("refuses malformed Authorization headers", async () => {
    for (const value of ["Basic abc", "Bearer", "Bearer a b", `Bearer ${"x".repeat(5000)}`]) {
      const res = await s.call("GET", "/api/lead?id=NUDEM00001", { headers: { authorization: value } });
      expect(res.status, value.slice(0, 20)).toBe(401);
    }
  });

  it("keeps customer and staff tokens apart (403)", async () => {
    const customer = await customerToken(s, "apart@example.com");
    const redeem = await s.call("POST", "/api/redemptions", {
      token: customer,
      body: { lead_id: "NUDEM00001", kind: "member" },
    });
    expect(redeem.status).toBe(403);
    expect(redeem.body.Error).toBe("FORBIDDEN");
    const staffCreatesLead = await s.call("POST", "/api/lead", {
      token: await staffToken(s, "S001"),
      body: { flow: "nuform", email: "x@example.com" },
    });
    expect(staffCreatesLead.status).toBe(403);
    const customerClaims = await sign(
      { iss: ISSUER, aud: CUSTOMER_AUDIENCE, sub: "apart@example.com", flow: "elsewhere", exp: nowS() + 60 },
      s.deps.secrets.tokenKey,
    );
    expect((await readLead(customerClaims)).status).toBe(401);
  });
});
