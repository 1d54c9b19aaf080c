/**
 * Which Origin counts as the server's own: with PUBLIC_ORIGIN configured only that exact origin
 * (a Host header naming another site, as after DNS rebinding, does not make it ours); without it the
 * request's scheme and Host, scheme included (X-Forwarded-Proto only behind TRUST_PROXY=1).
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileServer } from "./fileServer.ts";
import { API_KEY, startTestServer, type TestServer } from "./harness.ts";

/** GET /api/maintenance with exactly these headers (fetch would not let us set Host). */
function get(
  server: TestServer,
  headers: Record<string, string>,
): Promise<{ status: number; acao?: string }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: "/api/maintenance",
        headers: { "x-api-key": API_KEY, ...headers },
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            acao: res.headers["access-control-allow-origin"] as string,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("without PUBLIC_ORIGIN", () => {
  let s: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    [s, proxied] = await Promise.all([startTestServer(), startTestServer({ trustProxy: true })]);
  });
  afterAll(async () => {
    await Promise.all([s?.stop(), proxied?.stop()]);
  });

  it("takes the request's scheme and host as its own origin", async () => {
    const host = new URL(s.url).host;
    expect(await get(s, { origin: `http://${host}` })).toMatchObject({ status: 200, acao: undefined });
  });

  it("sends no HSTS: nothing says this server is reached over https", async () => {
    const res = await fetch(`${s.url}/healthz`);
    await res.arrayBuffer();
    expect(res.headers.has("strict-transport-security")).toBe(false);
  });

  it("refuses the same host under another scheme", async () => {
    const host = new URL(s.url).host;
    expect((await get(s, { origin: `https://${host}` })).status).toBe(403);
  });

  it("ignores X-Forwarded-Proto unless TRUST_PROXY=1", async () => {
    const host = new URL(s.url).host;
    expect((await get(s, { origin: `https://${host}`, "x-forwarded-proto": "https" })).status).toBe(403);
  });

  it("behind TRUST_PROXY=1 takes the scheme from the proxy's X-Forwarded-Proto", async () => {
    const host = new URL(proxied.url).host;
    expect((await get(proxied, { origin: `https://${host}`, "x-forwarded-proto": "https" })).status).toBe(
      200,
    );
    expect((await get(proxied, { origin: `https://${host}` })).status).toBe(403);
  });
});

describe("with PUBLIC_ORIGIN", () => {
  const s = fileServer({ publicOrigin: "https://forms.example.hk", trustProxy: true });

  it("accepts exactly that origin, whatever Host the proxy passes", async () => {
    expect(await get(s, { origin: "https://forms.example.hk" })).toMatchObject({
      status: 200,
      acao: undefined,
    });
    expect((await get(s, { origin: "https://forms.example.hk", host: "10.0.0.7:8080" })).status).toBe(200);
  });

  it("refuses a Host-matching origin that is not the public one (DNS rebinding)", async () => {
    expect((await get(s, { origin: "http://rebound.example", host: "rebound.example" })).status).toBe(403);
    const own = new URL(s.url).host;
    expect((await get(s, { origin: `http://${own}`, host: own })).status).toBe(403);
  });

  it("an https PUBLIC_ORIGIN asks browsers for https only (HSTS) on every answer", async () => {
    for (const path of ["/healthz", "/api/product_image", "/staff/home", "/no-such-page"]) {
      const res = await fetch(`${s.url}${path}`, { headers: { "x-api-key": API_KEY } });
      await res.arrayBuffer();
      expect(res.headers.get("strict-transport-security"), path).toBe("max-age=31536000");
    }
  });

  it("refuses the public host under another scheme or port", async () => {
    expect((await get(s, { origin: "http://forms.example.hk" })).status).toBe(403);
    expect((await get(s, { origin: "https://forms.example.hk:8443" })).status).toBe(403);
  });
});
