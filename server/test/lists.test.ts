import { describe, expect, it, vi } from "vitest";
import { fileServer } from "./fileServer.ts";
import { API_KEY, customerToken, newLeadBody } from "./harness.ts";

const s = fileServer({ allowedOrigins: ["https://brand.example"] });

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${s.url}${path}`, { headers: { "x-api-key": API_KEY, ...headers } });
}

describe("reference lists in memory", () => {
  it("serves a list it has read once without asking the database again", async () => {
    const first = await get("/api/clinic_list");
    expect(first.status).toBe(200);
    const body = await first.text();
    const queries = vi.spyOn(s.db, "query");
    try {
      for (const path of ["/api/clinic_list", "/api/clinic_list"]) {
        const again = await get(path);
        expect(again.status).toBe(200);
        expect(await again.text()).toBe(body);
      }
      expect(queries).not.toHaveBeenCalled();
    } finally {
      queries.mockRestore();
    }
    expect(JSON.parse(body)).toMatchObject({ Code: 200, Message: "OK", Data: expect.any(Array) });
  });

  it("answers 304 to a caller that holds the current version (ETag / If-None-Match)", async () => {
    const res = await get("/api/hospital_list?type=Public");
    const etag = res.headers.get("etag");
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const same = await get("/api/hospital_list?type=Public", { "if-none-match": etag as string });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe("");
    expect(same.headers.get("etag")).toBe(etag);
    // Another list (another variant) has another version.
    const all = await get("/api/hospital_list", { "if-none-match": etag as string });
    expect(all.status).toBe(200);
    expect(all.headers.get("etag")).not.toBe(etag);
  });

  it("answers from its ready bytes through the same pipeline: request id, /api headers, CORS, key check, access log", async () => {
    const res = await get("/api/product_image", {
      origin: "https://brand.example",
      "x-request-id": "list-1",
    });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBe("list-1");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
    expect(res.headers.get("access-control-allow-origin")).toBe("https://brand.example");
    expect(res.headers.get("vary")).toBe("Origin");
    const held = await get("/api/product_image", { "if-none-match": res.headers.get("etag") as string });
    expect(held.status).toBe(304);
    expect(held.headers.get("x-content-type-options")).toBe("nosniff");
    expect(held.headers.get("x-request-id")).toMatch(/^[a-z0-9]{6}-[a-z0-9]+$/);
    // The same rules as any call: another origin is refused, a wrong key too, and each is logged.
    expect((await get("/api/product_image", { origin: "https://evil.example" })).status).toBe(403);
    expect((await get("/api/product_image", { "x-api-key": "wrong" })).status).toBe(401);
    await expect
      .poll(() => s.logs.filter((line) => line.includes('"reqId":"list-1"')))
      .toEqual([expect.stringContaining('"path":"/api/product_image","status":200')]);
  });

  it("drops its copy when the table changes: new content, new ETag, and lead checks see it", async () => {
    const before = await get("/api/product_image");
    const oldTag = before.headers.get("etag") as string;
    const oldIds = (JSON.parse(await before.text()) as { Data: { id: string }[] }).Data.map((p) => p.id);
    expect(oldIds).not.toContain("P77");
    await s.db.query(
      `INSERT INTO products (id, name_zh, name_en, description_zh, description_en, image_url, sort)
       VALUES ('P77', '新產品', 'New product', '', '', '/p77.png', 77)`,
    );
    await expect
      .poll(async () =>
        (JSON.parse(await (await get("/api/product_image")).text()) as { Data: { id: string }[] }).Data.map(
          (p) => p.id,
        ),
      )
      .toContain("P77");
    const after = await get("/api/product_image", { "if-none-match": oldTag });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(oldTag);

    const token = await customerToken(s, "new.product@example.com");
    const lead = await s.call("POST", "/api/lead", {
      token,
      body: { ...newLeadBody("new.product@example.com"), product_id: "P77" },
    });
    expect(lead.status).toBe(200);

    await s.db.query("DELETE FROM products WHERE id = 'P77'");
    await expect
      .poll(async () => (await (await get("/api/product_image")).text()).includes('"P77"'))
      .toBe(false);
    const other = await customerToken(s, "gone.product@example.com");
    const refused = await s.call("POST", "/api/lead", {
      token: other,
      body: { ...newLeadBody("gone.product@example.com"), product_id: "P77" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.Field).toBe("product_id");
  });
});
