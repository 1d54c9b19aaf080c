/**
 * The client whose code loads on its first call, against a real HTTP server on 127.0.0.1: it has
 * the client's shape, forwards each call, and keeps one client for all of them.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_CODE_TICKET_HEADER } from "../core/types.ts";
import { createApiClient } from "./client.ts";
import { ApiError } from "./errors.ts";
import { lazyApiClient } from "./lazyClient.ts";

const STAFF = { staff_id: "S001", staff_token: "", need_otp: "Y" };
let server: Server;
let apiBase = "";
const seen: { path: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    seen.push({ path, headers: req.headers });
    req.resume().on("end", () => {
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(body));
      };
      if (path === "/api/staff/login")
        return json(200, { Code: 200, Message: "OK", Data: [STAFF] }, { [STAFF_CODE_TICKET_HEADER]: "t-1" });
      if (path === "/api/staff/otp")
        return json(200, { Code: 200, Message: "OK", Data: [{ ...STAFF, staff_token: "a.b.c" }] });
      json(404, { Code: 404, Message: "找不到", Data: [], Error: "NOT_FOUND" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("lazyApiClient", () => {
  it("has the client's members (lazyClient.ts's types hold each method to a Promise)", () => {
    const lazy = lazyApiClient({ apiBase: "/api", apiKey: "k" });
    const real = createApiClient({ apiBase: "/api", apiKey: "k" });
    expect(Object.keys(lazy).sort()).toEqual(Object.keys(real).sort());
    expect(lazy.apiBase).toBe("/api");
  });

  it("forwards calls with their arguments, and their failures as the client's ApiError", async () => {
    const lazy = lazyApiClient({ apiBase, apiKey: "k", getToken: () => "staff.token" });
    const failure = await lazy.getLeadBy("leadId", "NU4K7P2QXM").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, code: "NOT_FOUND" });
    expect(seen.at(-1)?.headers.authorization).toBe("Bearer staff.token");
  });

  it("keeps one client: the password step's ticket goes with the code step", async () => {
    const lazy = lazyApiClient({ apiBase, apiKey: "k" });
    await expect(lazy.staffLogin("S001", "pw")).resolves.toMatchObject({ need_otp: "Y" });
    await expect(lazy.staffOtp("S001", "123456")).resolves.toMatchObject({ staff_token: "a.b.c" });
    expect(seen.at(-1)?.path).toBe("/api/staff/otp");
    expect(seen.at(-1)?.headers[STAFF_CODE_TICKET_HEADER.toLowerCase()]).toBe("t-1");
  });
});
