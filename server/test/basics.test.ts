import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY, customerToken, startTestServer, type TestServer } from "./harness.ts";

let s: TestServer;
let distDir: string;

beforeAll(async () => {
  // A small built-pages tree of our own, so these tests do not depend on `npm run build`.
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), "nu-dist-"));
  fs.mkdirSync(path.join(distDir, "hosts/assets"), { recursive: true });
  fs.mkdirSync(path.join(distDir, "elements"), { recursive: true });
  fs.writeFileSync(
    path.join(distDir, "hosts/index.html"),
    '<!doctype html><html><head><title>t</title></head><body><div id="app"></div></body></html>',
  );
  fs.writeFileSync(path.join(distDir, "hosts/assets/index-abc123.js"), "console.log(1);");
  fs.writeFileSync(path.join(distDir, "elements/nu-forms.js"), "export {};");
  s = await startTestServer({
    distDir,
    allowedOrigins: ["https://shop.example"],
    alsUrl: "https://als.example/lookup?x=<y>",
  });
});

afterAll(async () => {
  await s?.stop();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe("API key", () => {
  it("refuses a missing key with 401 INVALID_API_KEY in the envelope", async () => {
    const res = await s.call("GET", "/api/hospital_list", { apiKey: null });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ Code: 401, Error: "INVALID_API_KEY", Data: [] });
    expect(res.body.Message).toMatch(/[\u4e00-\u9fff]/);
  });

  it("refuses a wrong key, also on write calls and unknown paths", async () => {
    for (const [method, p] of [
      ["GET", "/api/hospital_list"],
      ["POST", "/api/lead"],
      ["PUT", "/api/maintenance"],
      ["GET", "/api/nope"],
    ]) {
      const res = await s.call(method, p, {
        apiKey: "nu-forms-dev-kez",
        body: method === "GET" ? undefined : {},
      });
      expect(res.status, `${method} ${p}`).toBe(401);
      expect(res.body.Error).toBe("INVALID_API_KEY");
    }
  });

  it("accepts the right key; unknown /api paths are a JSON 404", async () => {
    expect((await s.call("GET", "/api/maintenance")).status).toBe(200);
    const res = await s.call("GET", "/api/nope");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ Code: 404, Error: "NOT_FOUND" });
  });
});

describe("envelope and headers", () => {
  it("answers {Code, Message, Data} with the HTTP status equal to Code, never cached (lists: revalidated)", async () => {
    const res = await s.call("GET", "/api/product_image");
    expect(res.status).toBe(200);
    expect(res.body.Code).toBe(200);
    expect(typeof res.body.Message).toBe("string");
    expect(res.body.Data.length).toBeGreaterThanOrEqual(3);
    // Reference lists carry an ETag: a cache must ask every time (see lists.test.ts).
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const other = await s.call("GET", "/api/maintenance");
    expect(other.status).toBe(200);
    expect(other.headers.get("cache-control")).toBe("no-store");
    expect(other.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("refuses bodies over 64 KiB with 413 PAYLOAD_TOO_LARGE", async () => {
    const big = JSON.stringify({ email: "a@b.hk", flow: "nuform", pad: "x".repeat(70 * 1024) });
    const res = await s.call("POST", "/api/auth/email/code", {
      rawBody: big,
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(413);
    expect(res.body.Error).toBe("PAYLOAD_TOO_LARGE");
  });

  it("refuses a body sent without Content-Length (chunked) once it passes 64 KiB, and reads a small one", async () => {
    const chunked = (text: string) => {
      const bytes = new TextEncoder().encode(text);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 8192) controller.enqueue(bytes.subarray(at, at + 8192));
          controller.close();
        },
      });
      return fetch(`${s.url}/api/auth/email/code`, {
        method: "POST",
        headers: { "x-api-key": API_KEY, "content-type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit);
    };
    const big = await chunked(
      JSON.stringify({ email: "a@b.hk", flow: "nuform", pad: "x".repeat(70 * 1024) }),
    );
    expect(big.status).toBe(413);
    expect((await big.json()).Error).toBe("PAYLOAD_TOO_LARGE");
    // Small and chunked: read and validated like any other (the unknown field is named).
    const small = await chunked(JSON.stringify({ email: "a@b.hk", flow: "nuform", pad: "x" }));
    expect(small.status).toBe(400);
    expect(await small.json()).toMatchObject({ Error: "VALIDATION_FAILED", Field: "pad" });
  });

  it("refuses a body that is not JSON, or is a form", async () => {
    const notJson = await s.call("POST", "/api/auth/email/code", {
      rawBody: "{email:",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toMatchObject({ Error: "VALIDATION_FAILED", Field: "" });
    const form = await s.call("POST", "/api/auth/email/code", {
      rawBody: "email=a@b.hk&flow=nuform",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(400);
  });
});

describe("CORS", () => {
  it("lets a listed origin call, with the CORS headers", async () => {
    const res = await s.call("GET", "/api/maintenance", { headers: { origin: "https://shop.example" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("https://shop.example");
  });

  it("answers a listed origin's preflight without needing the key", async () => {
    const res = await fetch(`${s.url}/api/lead`, {
      method: "OPTIONS",
      headers: {
        origin: "https://shop.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "x-api-key, content-type, idempotency-key",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-headers")).toContain("idempotency-key");
    expect(res.headers.get("access-control-allow-methods")).toContain("PATCH");
  });

  it("refuses any other origin with 403 ORIGIN_NOT_ALLOWED, even with the right key", async () => {
    for (const origin of ["https://evil.example", "null", "https://shop.example.evil.example"]) {
      const res = await s.call("GET", "/api/maintenance", { headers: { origin } });
      expect(res.status, origin).toBe(403);
      expect(res.body.Error).toBe("ORIGIN_NOT_ALLOWED");
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
    }
  });

  it("treats the server's own origin as allowed", async () => {
    const res = await s.call("GET", "/api/maintenance", { headers: { origin: s.url } });
    expect(res.status).toBe(200);
  });
});

describe("lists", () => {
  it("hospital_list has real hospitals of both types with Others and Mainland China, ids 1-15 per type", async () => {
    const all = (
      await s.call<{ id: number; type: string; en_name: string; cn_name: string }>(
        "GET",
        "/api/hospital_list",
      )
    ).body.Data;
    expect(all.length).toBeGreaterThanOrEqual(20);
    for (const type of ["Public", "Private"]) {
      const ofType = all.filter((h) => h.type === type);
      expect(ofType.some((h) => h.en_name === "Others" && h.cn_name === "其他")).toBe(true);
      expect(ofType.some((h) => h.en_name.includes("Mainland China"))).toBe(true);
      expect(ofType.every((h) => h.id >= 1 && h.id <= 15)).toBe(true);
      expect(new Set(ofType.map((h) => h.id)).size).toBe(ofType.length);
    }
    expect(all.some((h) => h.en_name === "Queen Mary Hospital" && h.cn_name === "瑪麗醫院")).toBe(true);
  });

  it("filters hospital_list by type and names a bad type", async () => {
    const pub = await s.call<{ type: string }>("GET", "/api/hospital_list?type=Public");
    expect(pub.body.Data.length).toBeGreaterThan(5);
    expect(pub.body.Data.every((h) => h.type === "Public")).toBe(true);
    const bad = await s.call("GET", "/api/hospital_list?type=public");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ Error: "VALIDATION_FAILED", Field: "type" });
    // A name the call does not know is ignored (a cache-buster), not refused.
    const extra = await s.call<{ type: string }>("GET", "/api/hospital_list?type=Public&sort=1");
    expect(extra.body.Data).toEqual(pub.body.Data);
  });

  it("serves clinics and products whose images the server itself serves", async () => {
    const clinics = await s.call<{ id: string; name_zh: string }>("GET", "/api/clinic_list");
    expect(clinics.body.Data.length).toBeGreaterThanOrEqual(3);
    const products = await s.call<{ image_url: string }>("GET", "/api/product_image");
    for (const p of products.body.Data) {
      const img = await fetch(`${s.url}${p.image_url}`);
      expect(img.status, p.image_url).toBe(200);
      expect(img.headers.get("content-type")).toMatch(/^image\/svg\+xml(;|$)/);
    }
  });
});

describe("maintenance record", () => {
  it("is readable without a token; environment comes from APP_ENV (default prod)", async () => {
    const res = await s.call<Record<string, string>>("GET", "/api/maintenance");
    expect(res.body.Data[0]).toEqual({
      environment: "prod",
      enable_maintenance: "false",
      enable_maintenance_nuform: "false",
      enable_maintenance_reform: "false",
      nuform_online_date: "",
      maintenance_messages: "",
      maintenance_messages_nuform: "",
      maintenance_messages_reform: "",
    });
  });
});

describe("pages", () => {
  it("serves the host shell for every host route with config meta tags and a strict CSP", async () => {
    for (const route of [
      "/",
      "/customer/nuForm",
      "/customer/nuForm/product",
      "/staff/home",
      "/staff/invoice",
      "/maintenance",
    ]) {
      const res = await fetch(`${s.url}${route}`);
      expect(res.status, route).toBe(200);
      const html = await res.text();
      expect(html).toContain('<meta name="nu-forms:api-base" content="/api">');
      expect(html).toContain('<meta name="nu-forms:api-key" content="nu-forms-dev-key">');
      expect(html).toContain('content="https://als.example/lookup?x=&lt;y&gt;"');
      expect(html.indexOf("nu-forms:maintenance-page-url")).toBeLessThan(html.indexOf("</head>"));
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("unsafe-eval");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("connect-src 'self' https://als.example");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBeTruthy();
    }
  });

  it("answers unknown paths with the shell and status 404", async () => {
    const res = await fetch(`${s.url}/customer/nope`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<div id="app">');
  });

  it("answers a staff page's name in any case (docs/rules.md#staff: the guard compares paths in lower case)", async () => {
    for (const p of ["/staff/Verification", "/staff/INVOICE_QRCODE", "/staff/Home/"]) {
      expect((await fetch(`${s.url}${p}`)).status, p).toBe(200);
    }
    for (const p of ["/customer/nuform", "/staff/Nope"]) {
      expect((await fetch(`${s.url}${p}`)).status, p).toBe(404);
    }
  });

  it("serves the element bundle, hashed assets and demo pages", async () => {
    const el = await fetch(`${s.url}/elements/nu-forms.js`);
    expect(el.status).toBe(200);
    expect(el.headers.get("content-type")).toContain("text/javascript");
    const asset = await fetch(`${s.url}/assets/index-abc123.js`);
    expect(asset.headers.get("cache-control")).toContain("immutable");
    expect((await fetch(`${s.url}/assets/missing.js`)).status).toBe(404);
    const widgets = await fetch(`${s.url}/demo/widgets`);
    expect(widgets.status).toBe(200);
    expect(await widgets.text()).toContain('<meta name="nu-forms:api-key"');
  });

  it("never serves files from outside its folders", async () => {
    for (const p of [
      "/elements/..%2f..%2fpackage.json",
      "/demo/..%2fpackage.json",
      "/assets/%2e%2e/index.html",
    ]) {
      const res = await fetch(`${s.url}${p}`);
      expect(res.status, p).toBe(404);
      expect(await res.text()).not.toContain('"name": "nu-forms"');
    }
  });

  it("says to build when the pages are missing, without crashing", async () => {
    const bare = await startTestServer({ distDir: path.join(distDir, "missing") });
    try {
      const res = await fetch(`${bare.url}/staff/home`);
      expect(res.status).toBe(503);
      expect(await res.text()).toContain("npm run build");
      expect((await bare.call("GET", "/api/maintenance")).status).toBe(200);
    } finally {
      await bare.stop();
    }
  });
});

describe("request log", () => {
  it("writes one JSON line per request with level, request id, method, path, status and time, and no personal data or tokens", async () => {
    const token = await customerToken(s, "log.person@example.com");
    s.logs.length = 0;
    const first = await s.call("GET", "/api/lead?id=NUDEM00001", { token });
    await s.call("GET", "/api/dev/outbox?email=log.person%40example.com", {
      headers: { "x-request-id": "proxy-42" },
    });
    await expect.poll(() => s.logs.length).toBe(2);
    const lines = s.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toEqual({
      level: "info",
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      reqId: first.headers.get("x-request-id"),
      method: "GET",
      path: "/api/lead",
      status: 403,
      ms: expect.any(Number),
    });
    expect(lines[0].reqId).toMatch(/^[a-z0-9]{6}-[a-z0-9]+$/);
    expect(lines[1]).toMatchObject({
      level: "info",
      reqId: "proxy-42",
      path: "/api/dev/outbox",
      status: 200,
    });
    const all = s.logs.join("\n");
    expect(all).not.toContain("log.person");
    expect(all).not.toContain(token.slice(0, 20));
    expect(all).not.toContain("NUDEM");
  });
});
