/**
 * What the server keeps and hands out beyond need: a code nobody mailed is not kept in clear past
 * its expiry, an idempotency key's row names its customer by an HMAC only, and production serves
 * no source maps.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanUp } from "../services/housekeeping.ts";
import { fileServer } from "./fileServer.ts";
import { customerToken, newLeadBody, startTestServer } from "./harness.ts";

const s = fileServer();

describe("kept data", () => {
  it("an unsent code (the dev outbox here) is dropped, text and all, once it has expired", async () => {
    const email = "unsent.code@example.com";
    expect((await s.call("POST", "/api/auth/email/code", { body: { email, flow: "nuform" } })).status).toBe(
      200,
    );
    await cleanUp(s.deps);
    const held = await s.db.query<{ code: string | null }>("SELECT code FROM outbox WHERE to_addr = $1", [
      email,
    ]);
    expect(held.rows[0].code).toMatch(/^\d{6}$/);
    s.clock.advance(10 * 60 * 1000 + 1000);
    await cleanUp(s.deps);
    // The HTML part holds the code too.
    const { rows } = await s.db.query<{ code: string | null; text: string | null; html: string | null }>(
      "SELECT code, text, html FROM outbox WHERE to_addr = $1",
      [email],
    );
    expect(rows).toEqual([{ code: null, text: null, html: null }]);
  });

  it("an idempotency key's scope holds no e-mail address", async () => {
    const email = "idem.scope@example.com";
    const token = await customerToken(s, email);
    const res = await s.call("POST", "/api/lead", {
      token,
      body: newLeadBody(email),
      headers: { "Idempotency-Key": "scope-1" },
    });
    expect(res.status).toBe(200);
    const { rows } = await s.db.query<{ scope: string }>(
      "SELECT scope FROM idempotency_keys WHERE key = 'scope-1'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].scope).not.toContain(email);
    expect(rows[0].scope).not.toContain("@");
  });
});

describe("source maps", () => {
  let distDir: string;
  beforeAll(() => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), "nu-dist-maps-"));
    fs.mkdirSync(path.join(distDir, "elements"), { recursive: true });
    fs.mkdirSync(path.join(distDir, "hosts"), { recursive: true });
    fs.writeFileSync(path.join(distDir, "hosts/index.html"), "<!doctype html><title>t</title>");
    fs.writeFileSync(
      path.join(distDir, "elements/nu-forms.js"),
      "export {};\n//# sourceMappingURL=nu-forms.js.map\n",
    );
    fs.writeFileSync(path.join(distDir, "elements/nu-forms.js.map"), '{"version":3,"sources":["src.ts"]}');
  });
  afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

  it("are not served in production (the bundle is)", async () => {
    const prod = await startTestServer({
      distDir,
      seed: "none",
      production: true,
      smtpUrl: "smtp://127.0.0.1:9",
    });
    try {
      expect((await fetch(`${prod.url}/elements/nu-forms.js.map`)).status).toBe(404);
      expect((await fetch(`${prod.url}/elements/nu-forms.js`)).status).toBe(200);
    } finally {
      await prod.stop();
    }
  }, 120_000);
});
