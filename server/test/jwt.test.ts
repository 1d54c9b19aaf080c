/** The synchronous HS256 verifier (server/auth/jwt.ts) against tokens jose signs. */
import { createHmac } from "node:crypto";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { JwtRefused, verifyHs256 } from "../auth/jwt.ts";

const key = new Uint8Array(32).fill(3);
const nowS = 1_900_000_000;
const opts = { issuer: "nu-forms", audiences: ["nu-forms:staff", "nu-forms:customer"], nowS };
const good = { iss: "nu-forms", aud: "nu-forms:staff", sub: "S001", sid: "x", exp: nowS + 60, role: "staff" };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

function sign(claims: Record<string, unknown>, header: Record<string, unknown> = { alg: "HS256" }, k = key) {
  return new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(k);
}

/** Signed by hand: jose will not sign headers it would refuse itself. */
function handSigned(header: Record<string, unknown>, claims: Record<string, unknown>) {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac("sha256", key).update(input).digest("base64url")}`;
}

function outcome(token: string): "ok" | "refused" | "expired" {
  try {
    verifyHs256(token, key, opts);
    return "ok";
  } catch (error) {
    expect(error).toBeInstanceOf(JwtRefused);
    return (error as JwtRefused).expired ? "expired" : "refused";
  }
}

describe("verifyHs256", () => {
  it("accepts what jose signs with our claims, typ JWT or none, and returns the claims", async () => {
    expect(verifyHs256(await sign(good, { alg: "HS256", typ: "JWT" }), key, opts)).toMatchObject(good);
    expect(outcome(await sign(good))).toBe("ok");
    expect(outcome(await sign({ ...good, aud: ["other", "nu-forms:customer"] }))).toBe("ok");
  });

  it("refuses another key, another algorithm, alg none, crit, b64 and another typ", async () => {
    expect(outcome(await sign(good, { alg: "HS256" }, new Uint8Array(32).fill(4)))).toBe("refused");
    expect(outcome(await sign(good, { alg: "HS512" }))).toBe("refused");
    expect(outcome(`${b64({ alg: "none" })}.${b64(good)}.`)).toBe("refused");
    expect(outcome(handSigned({ alg: "HS256" }, good))).toBe("ok");
    expect(outcome(handSigned({ alg: "HS256", crit: ["x"], x: 1 }, good))).toBe("refused");
    expect(outcome(handSigned({ alg: "HS256", b64: true }, good))).toBe("refused");
    expect(outcome(await sign(good, { alg: "HS256", typ: "at+jwt" }))).toBe("refused");
  });

  it("refuses a changed payload or signature, and malformed tokens", async () => {
    const [header, , signature] = (await sign(good)).split(".");
    expect(outcome(`${header}.${b64({ ...good, sub: "A001" })}.${signature}`)).toBe("refused");
    expect(outcome(`${header}.${b64(good)}.${signature.slice(0, -2)}`)).toBe("refused");
    for (const bad of [
      "",
      "a.b",
      "a.b.c.d",
      `${header}.${b64(good)}.${signature}=`,
      `${header}..${signature}`,
    ])
      expect(outcome(bad), bad.slice(0, 20)).toBe("refused");
    const array = await sign(good);
    const [h] = array.split(".");
    expect(outcome(`${h}.${Buffer.from("[1]").toString("base64url")}.${signature}`)).toBe("refused");
  });

  it("requires exp, iss, aud, sub and sid; checks nbf", async () => {
    for (const missing of ["exp", "iss", "aud", "sub", "sid"]) {
      const { [missing as keyof typeof good]: _gone, ...rest } = good;
      expect(outcome(await sign(rest)), missing).toBe("refused");
    }
    expect(outcome(await sign({ ...good, exp: String(nowS + 60) }))).toBe("refused");
    expect(outcome(await sign({ ...good, iss: "someone-else" }))).toBe("refused");
    expect(outcome(await sign({ ...good, aud: "nu-forms:other" }))).toBe("refused");
    expect(outcome(await sign({ ...good, nbf: nowS + 30 }))).toBe("refused");
    expect(outcome(await sign({ ...good, nbf: nowS - 30 }))).toBe("ok");
  });

  it("says expired only of a token that is otherwise valid, from its exp second on", async () => {
    expect(outcome(await sign({ ...good, exp: nowS }))).toBe("expired");
    expect(outcome(await sign({ ...good, exp: nowS + 1 }))).toBe("ok");
    expect(outcome(await sign({ ...good, exp: nowS - 10, iss: "someone-else" }))).toBe("refused");
    expect(outcome(await sign({ ...good, exp: nowS - 10 }, { alg: "HS256" }, new Uint8Array(32)))).toBe(
      "refused",
    );
  });
});
