/**
 * The client against a real HTTP server on 127.0.0.1 (node:http), so the real fetch(), time-out and
 * retry code runs — nothing is mocked.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { $settings, pendingLoads } from "../state/settings.ts";
import {
  type ApiClientOptions,
  createApiClient,
  MAINTENANCE_TIMEOUT_MS,
  retryAfterSeconds,
} from "./client.ts";
import { ApiError, NotFoundError } from "./errors.ts";

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: string;
}

const LEAD = { id: "NU4K7P2QXM", flow: "nuform", email: "a@b.hk" };
const MAINTENANCE = {
  environment: "prod",
  enable_maintenance: "false",
  enable_maintenance_nuform: "false",
  enable_maintenance_reform: "false",
  nuform_online_date: "",
  maintenance_messages: "",
  maintenance_messages_nuform: "",
  maintenance_messages_reform: "",
};

let server: Server;
let origin = "";
let seen: Seen[] = [];
const hits = new Map<string, number>();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ok = (data: unknown[], message = "OK") => ({ Code: 200, Message: message, Data: data });

async function route(req: Seen, res: ServerResponse): Promise<void> {
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };
  const count = (hits.get(`${req.method} ${req.path}`) ?? 0) + 1;
  hits.set(`${req.method} ${req.path}`, count);
  const delay = Number(req.query.get("delay") ?? 0);
  if (delay) await sleep(delay);

  switch (`${req.method} ${req.path}`) {
    case "GET /api/product_image":
      return send(200, ok([{ id: "p1", name_zh: "奶粉", name_en: "Milk", image_url: "/demo/img/p1.svg" }]));
    case "GET /api/clinic_list":
      return send(200, ok([{ id: "c1" }]));
    case "GET /api/hospital_list":
      return send(200, ok([{ id: 1, type: req.query.get("type") }]));
    case "GET /api/lead": {
      const id = req.query.get("id") ?? req.query.get("leadId");
      if (id === LEAD.id) return send(200, ok([LEAD]));
      if (id === "EMPTY") return send(200, ok([]));
      if (id === "CODE404") return send(200, { Code: 404, Message: "not found", Data: [] });
      if (id === "FORBIDDEN")
        return send(403, { Code: 403, Message: "你沒有權限查看此記錄。", Data: [], Error: "FORBIDDEN" });
      return send(404, { Code: 404, Message: "找不到", Data: [], Error: "NOT_FOUND" });
    }
    case "POST /api/lead": {
      const body = JSON.parse(req.body);
      if (!String(body.email).includes("@")) {
        return send(400, {
          Code: 400,
          Message: "電郵地址格式不正確",
          Data: [],
          Error: "VALIDATION_FAILED",
          Field: "email",
        });
      }
      if (body.email === "dup@b.hk") {
        return send(409, {
          Code: 409,
          Message: "此電郵地址已經登記。",
          Data: [{ id: "NU00000001" }],
          Error: "LEAD_EXISTS",
        });
      }
      return send(200, ok([{ ...LEAD, ...body }]));
    }
    case "PATCH /api/lead":
      return send(200, ok([{ ...LEAD, ...JSON.parse(req.body) }]));
    case "GET /api/flaky":
      return count <= 2
        ? send(503, { Code: 503, Message: "busy", Data: [] })
        : send(200, ok([{ attempt: count }]));
    case "GET /api/reset-once":
      if (count === 1) return void res.socket?.destroy();
      return send(200, ok([{ attempt: count }]));
    case "GET /api/busy-for-an-hour":
      res.writeHead(503, { "content-type": "application/json", "retry-after": "3600" });
      return void res.end(JSON.stringify({ Code: 503, Message: "維護中", Data: [] }));
    case "GET /api/bad-gateway-for-a-second":
      if (count > 1) return send(200, ok([{ attempt: count }]));
      res.writeHead(502, { "content-type": "application/json", "retry-after": "1" });
      return void res.end(JSON.stringify({ Code: 502, Message: "bad gateway", Data: [] }));
    case "GET /api/always-503":
      return send(503, { Code: 503, Message: "服務暫時未能使用", Data: [] });
    case "POST /api/redemptions":
      return send(503, { Code: 503, Message: "busy", Data: [] });
    case "GET /api/staff":
      return req.query.get("staff_id") === "S001"
        ? send(200, ok([{ staff_id: "S001", first_name: "Amy", last_name: "Wong" }]))
        : send(200, ok([]));
    case "POST /api/staff/login":
      res.setHeader("x-staff-code-ticket", "ticket-of-this-password-step");
      return send(200, ok([{ staff_id: "S002", need_otp: "Y", staff_token: "" }]));
    case "POST /api/staff/otp":
      return send(200, ok([{ staff_id: "S002", need_otp: "Y", staff_token: "t" }]));
    case "GET /api/not-json":
      res.writeHead(200, { "content-type": "text/html" });
      return void res.end("<html>proxy error</html>");
    case "POST /api/auth/email/code":
      res.writeHead(429, { "content-type": "application/json", "retry-after": "1260" });
      return void res.end(JSON.stringify({ Code: 429, Message: "太頻密", Data: [], Error: "RATE_LIMITED" }));
    case "GET /api/code-in-body":
      return send(200, { Code: 429, Message: "太頻密", Data: [], Error: "RATE_LIMITED" });
    case "GET /api/dev/outbox":
      return send(
        200,
        ok([{ to: req.query.get("email"), kind: "customer-code", code: "123456", text: "", created_at: "" }]),
      );
    case "GET /ext/maintenance":
      return send(200, ok([MAINTENANCE]));
    case "GET /ext/maintenance-code":
      return send(200, { Code: 500, Message: "Database down", Data: [] });
    case "GET /ext/maintenance-500":
      return send(500, { Code: 500, Message: "Server exploded", Data: [] });
    case "GET /ext/maintenance-empty":
      return send(200, ok([]));
    default:
      return send(404, { Code: 404, Message: "no route", Data: [], Error: "NOT_FOUND" });
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const entry: Seen = {
        method: req.method ?? "",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      };
      seen.push(entry);
      route(entry, res).catch((error) => {
        res.writeHead(500);
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  hits.clear();
});

const client = (options: Partial<ApiClientOptions> = {}) =>
  createApiClient({ apiBase: `${origin}/api`, apiKey: "test-key", retryDelay: () => 20, ...options });

describe("requests", () => {
  it("carry x-api-key on every request and a Bearer token only when there is one", async () => {
    let token: string | null = null;
    const api = client({ getToken: () => token });
    await api.products();
    token = "tok-123";
    await api.clinics();
    expect(seen.map((s) => s.headers["x-api-key"])).toEqual(["test-key", "test-key"]);
    expect(seen[0].headers.authorization).toBeUndefined();
    expect(seen[1].headers.authorization).toBe("Bearer tok-123");
  });

  it("use only the body's Data", async () => {
    const api = client();
    expect(await api.products()).toEqual([
      { id: "p1", name_zh: "奶粉", name_en: "Milk", image_url: "/demo/img/p1.svg" },
    ]);
    expect(await api.hospitals("Public")).toEqual([{ id: 1, type: "Public" }]);
    expect(seen[1].query.get("type")).toBe("Public");
    await api.hospitals();
    expect(seen[2].query.has("type")).toBe(false);
  });

  it("send the lead body, the Idempotency-Key and the patch", async () => {
    const api = client();
    const created = await api.createLead(
      {
        flow: "nuform",
        email: "a@b.hk",
        last_name: "陳",
        first_name: "大文",
        phone_code: "852",
        phone: "91234567",
        consents: { terms: true, privacy: true, marketing: false },
      },
      "key-1",
    );
    expect(created.id).toBe(LEAD.id);
    expect(seen[0].headers["idempotency-key"]).toBe("key-1");
    expect(seen[0].headers["content-type"]).toMatch(/application\/json/);
    expect(JSON.parse(seen[0].body)).toMatchObject({ email: "a@b.hk", last_name: "陳" });
    await api.createLead({ flow: "nuform", email: "c@d.hk" } as never);
    expect(seen[1].headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    const patched = await api.patchLead({ id: LEAD.id, tnc: "new" });
    expect(seen[2].method).toBe("PATCH");
    expect(patched.tnc).toBe("new");
  });
});

describe("the staff code step", () => {
  it("sends back the ticket the password step answered with, beside the Idempotency-Key", async () => {
    const api = client();
    await api.staffOtp("S002", "123456", "otp-key");
    expect(seen[0].headers["x-staff-code-ticket"]).toBeUndefined();
    await api.staffLogin("S002", "pw");
    await api.staffOtp("S002", "123456", "otp-key");
    expect(seen[2].headers["x-staff-code-ticket"]).toBe("ticket-of-this-password-step");
    expect(seen[2].headers["idempotency-key"]).toBe("otp-key");
    expect(JSON.parse(seen[2].body)).toEqual({ staff_id: "S002", code: "123456" });
  });

  it("sends the page's language with the requests that cause a mail (the mail is written in it)", async () => {
    const api = client({ lang: "en" });
    await api.staffLogin("S002", "pw");
    expect(JSON.parse(seen[0].body)).toEqual({ staff_id: "S002", password: "pw", lang: "en" });
    await api.requestEmailCode("a@b.hk", "nuform").catch(() => undefined);
    expect(JSON.parse(seen[1].body)).toEqual({ email: "a@b.hk", flow: "nuform", lang: "en" });
  });
});

describe("loading flag", () => {
  it("stays on while two requests overlap and goes off when the last one ends", async () => {
    const api = client();
    expect($settings.get().loading).toBe(false);
    const fast = api.call("get", "clinic_list", { query: { delay: 30 } });
    const slow = api.call("get", "clinic_list", { query: { delay: 200 } });
    expect($settings.get().loading).toBe(true);
    await fast;
    expect($settings.get().loading).toBe(true);
    await slow;
    expect($settings.get().loading).toBe(false);
    expect(pendingLoads()).toBe(0);
  });

  it("goes off after an error and after a time-out", async () => {
    await expect(client().getLead("MISSING")).rejects.toBeInstanceOf(NotFoundError);
    expect($settings.get().loading).toBe(false);
    // Only the time-out call gets the short limit: on a loaded machine 50 ms can pass before any answer.
    const impatient = client({ timeoutMs: 50 });
    await expect(impatient.call("get", "clinic_list", { query: { delay: 300 } })).rejects.toMatchObject({
      code: "TIMEOUT",
    });
    expect($settings.get().loading).toBe(false);
    expect(pendingLoads()).toBe(0);
  });

  it("can be reported elsewhere through onLoading", async () => {
    const events: string[] = [];
    const api = client({
      onLoading: () => {
        events.push("start");
        return () => events.push("end");
      },
    });
    await api.products();
    await api.getStaff("nobody").catch(() => {});
    expect(events).toEqual(["start", "end", "start", "end"]);
    expect($settings.get().loading).toBe(false);
  });
});

describe("errors", () => {
  it("times out with TIMEOUT and the Chinese time-out text (not retried)", async () => {
    const api = client({ timeoutMs: 80 });
    const started = Date.now();
    const error = await api.call("get", "clinic_list", { query: { delay: 400 } }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: "TIMEOUT", message: "連線逾時，請稍後再試。" });
    expect(Date.now() - started).toBeLessThan(380);
    expect(hits.get("GET /api/clinic_list")).toBe(1);
  });

  it("reports an unreachable server as NETWORK", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const api = createApiClient({
      apiBase: `http://127.0.0.1:${port}/api`,
      apiKey: "k",
      retryDelay: () => 5,
      lang: "en",
    });
    await expect(api.clinics()).rejects.toMatchObject({
      status: 0,
      code: "NETWORK",
      message: "Network problem. Please check your connection and try again.",
    });
  });

  it("parses the error envelope once: status, machine code, the server's Chinese message, the field", async () => {
    const error = await client()
      .createLead({ flow: "nuform", email: "not-an-email" } as never)
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: "VALIDATION_FAILED",
      message: "電郵地址格式不正確",
      field: "email",
    });
  });

  it("keeps an error's Data (the existing lead on LEAD_EXISTS)", async () => {
    const error = await client()
      .createLead({ flow: "nuform", email: "dup@b.hk" } as never)
      .catch((e) => e);
    expect(error).toMatchObject({ status: 409, code: "LEAD_EXISTS", data: [{ id: "NU00000001" }] });
  });

  it("treats a Code outside 2xx in a 200 answer as an error", async () => {
    await expect(client().call("get", "code-in-body")).rejects.toMatchObject({
      status: 429,
      code: "RATE_LIMITED",
      message: "太頻密",
    });
  });

  it("carries the Retry-After of a 429 as seconds", async () => {
    await expect(client().requestEmailCode("a@b.hk", "nuform")).rejects.toMatchObject({
      status: 429,
      code: "RATE_LIMITED",
      retryAfterS: 1260,
    });
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-11-23T10:00:00Z");
    expect(retryAfterSeconds("90", now)).toBe(90);
    expect(retryAfterSeconds("Mon, 23 Nov 2026 10:02:00 GMT", now)).toBe(120);
    expect(retryAfterSeconds("soon", now)).toBeUndefined();
    expect(retryAfterSeconds(null, now)).toBeUndefined();
  });

  it("reports a body that is not the envelope as INTERNAL", async () => {
    await expect(client().call("get", "not-json")).rejects.toMatchObject({
      code: "INTERNAL",
      message: "系統出現問題，請稍後再試。",
    });
  });

  it("uses the catalogue text when the answer carries no message", async () => {
    await expect(client().call("get", "no-such-route")).rejects.toMatchObject({
      status: 404,
      code: "NOT_FOUND",
      message: "no route",
    });
  });
});

describe("retries", () => {
  it("retries a GET on 503 (twice at most) and succeeds on the third attempt", async () => {
    const data = await client().call("get", "flaky");
    expect(data.Data).toEqual([{ attempt: 3 }]);
    expect(hits.get("GET /api/flaky")).toBe(3);
  });

  it("gives up after 2 retries with the server's error", async () => {
    await expect(client().call("get", "always-503")).rejects.toMatchObject({
      status: 503,
      message: "服務暫時未能使用",
    });
    expect(hits.get("GET /api/always-503")).toBe(3);
  });

  it("retries a GET whose connection failed", async () => {
    const data = await client().call("get", "reset-once");
    expect(data.Data).toEqual([{ attempt: 2 }]);
    expect(hits.get("GET /api/reset-once")).toBe(2);
  });

  it("does not wait for a Retry-After longer than the time-out: the error carries it", async () => {
    await expect(client().call("get", "busy-for-an-hour")).rejects.toMatchObject({
      status: 503,
      message: "維護中",
      retryAfterS: 3600,
    });
    expect(hits.get("GET /api/busy-for-an-hour")).toBe(1);
  });

  // ky honours Retry-After only on 413/429/503 unless told otherwise: the product does on every
  // status it retries (docs/api.md).
  it("waits out a Retry-After within the time-out on any retried status (here 502), not the back-off", async () => {
    const started = Date.now();
    const data = await client().call("get", "bad-gateway-for-a-second");
    expect(data.Data).toEqual([{ attempt: 2 }]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(hits.get("GET /api/bad-gateway-for-a-second")).toBe(2);
  });

  it("sends the query and keeps a query already in the URL", async () => {
    await client().getMaintenance(`${origin}/ext/maintenance?env=prod`);
    await client().hospitals("Public");
    expect(seen.map((r) => `${r.path}?${r.query}`)).toEqual([
      "/ext/maintenance?env=prod",
      "/api/hospital_list?type=Public",
    ]);
  });

  it("never retries a POST", async () => {
    await expect(client().redeem({ lead_id: LEAD.id, kind: "member" })).rejects.toMatchObject({
      status: 503,
    });
    expect(hits.get("POST /api/redemptions")).toBe(1);
  });

  it("does not retry a 4xx GET", async () => {
    await expect(client().getLead("FORBIDDEN")).rejects.toMatchObject({ status: 403, code: "FORBIDDEN" });
    expect(hits.get("GET /api/lead")).toBe(1);
  });
});

describe("lead and staff lookups", () => {
  it("return the first record", async () => {
    const api = client();
    expect(await api.getLead(LEAD.id)).toEqual(LEAD);
    expect(await api.getLeadBy("leadId", LEAD.id)).toEqual(LEAD);
    expect(seen[1].query.get("leadId")).toBe(LEAD.id);
    expect(await api.getStaff("S001")).toMatchObject({ staff_id: "S001" });
  });

  it.each([
    ["empty Data", "EMPTY"],
    ["Code ≠ 200 in the body", "CODE404"],
    ["HTTP 404", "MISSING"],
  ])("fail with NotFoundError and the Chinese not-found text on %s", async (_, id) => {
    const error = await client()
      .getLead(id)
      .catch((e) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: "NOT_FOUND", message: "找不到相關記錄。" });
  });

  it("fail with NotFoundError for a staff id with no record", async () => {
    await expect(client().getStaff("S999")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("let other failures through unchanged", async () => {
    const error = await client()
      .getLead("FORBIDDEN")
      .catch((e) => e);
    expect(error).not.toBeInstanceOf(NotFoundError);
    expect(error.message).toBe("你沒有權限查看此記錄。");
  });
});

describe("maintenance", () => {
  it("reads the record from its own URL with a JSON content type and the API key", async () => {
    expect(await client().getMaintenance(`${origin}/ext/maintenance`)).toEqual(MAINTENANCE);
    expect(seen[0].path).toBe("/ext/maintenance");
    expect(seen[0].headers["content-type"]).toBe("application/json");
    expect(seen[0].headers["x-api-key"]).toBe("test-key");
  });

  it("gives up after 3 s (MAINTENANCE_TIMEOUT_MS), not the client's 15 s, and does not retry", async () => {
    expect(MAINTENANCE_TIMEOUT_MS).toBe(3_000);
    const started = Date.now();
    const error = await client()
      .getMaintenance(`${origin}/ext/maintenance?delay=4500`)
      .catch((e) => e);
    const took = Date.now() - started;
    expect(error).toMatchObject({ code: "TIMEOUT", message: "API Error: 連線逾時，請稍後再試。" });
    expect(took).toBeGreaterThanOrEqual(2_900);
    expect(took).toBeLessThan(4_400);
    expect(hits.get("GET /ext/maintenance")).toBe(1);
    expect($settings.get().loading).toBe(false);
  });

  it.each([
    ["Code ≠ 200", "maintenance-code", "API Error: Database down"],
    ["HTTP 500 (after retries)", "maintenance-500", "API Error: Server exploded"],
    ["no record", "maintenance-empty", "API Error: OK"],
  ])("fails on %s with 'API Error' plus the Message", async (_, path, message) => {
    const error = await client()
      .getMaintenance(`${origin}/ext/${path}`)
      .catch((e) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe(message);
  });
});

describe("other endpoints", () => {
  it("staff login returns the record (need_otp Y, empty token)", async () => {
    expect(await client().staffLogin("S002", "pw")).toEqual({
      staff_id: "S002",
      need_otp: "Y",
      staff_token: "",
    });
    expect(JSON.parse(seen[0].body)).toEqual({ staff_id: "S002", password: "pw", lang: "zh-HK" });
  });

  it("dev outbox passes the e-mail as query", async () => {
    const entries = await client().devOutbox({ email: "a@b.hk" });
    expect(entries[0]).toMatchObject({ to: "a@b.hk", code: "123456" });
  });
});
