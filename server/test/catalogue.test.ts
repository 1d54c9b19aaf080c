/**
 * The operator's catalogue (products, partner clinics): production and SEED=none start without the
 * fictional ones, the start-up says so, customer flows stay sane with empty lists, and
 * server/cli/load-catalogue.ts replaces them from files shaped like the seed's.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDb } from "../db/db.ts";
import { setupGaps } from "../setupGaps.ts";
import { fileServer } from "./fileServer.ts";
import { customerToken, newLeadBody, preparedDataDir, startTestServer } from "./harness.ts";
import { runCli } from "./support/cli.ts";
import { PROCESS_TIMEOUT_MS } from "./support/mainProcess.ts";

const SEED_DIR = path.resolve(import.meta.dirname, "../db/seed-data");

describe("SEED=none (production's default)", () => {
  const s = fileServer({ seed: "none" });

  it("has the hospitals but none of the fictional clinics or products", async () => {
    expect((await s.call("GET", "/api/product_image")).body.Data).toEqual([]);
    expect((await s.call("GET", "/api/clinic_list")).body.Data).toEqual([]);
    expect((await s.call("GET", "/api/hospital_list?type=Public")).body.Data.length).toBeGreaterThan(0);
  });

  it("says at start that products and clinics are missing", async () => {
    const gaps = await setupGaps(s.deps);
    expect(gaps).toContainEqual(
      expect.stringMatching(/^no products: .*npm run load-catalogue -- --products/),
    );
    expect(gaps).toContainEqual(
      expect.stringMatching(/^no partner clinics: .*npm run load-catalogue -- --clinics/),
    );
  });

  it("a customer's lead with a product or clinic is refused as a validation failure, not a crash", async () => {
    const token = await customerToken(s, "empty-lists@example.com");
    const withProduct = await s.call("POST", "/api/lead", {
      token,
      body: { ...newLeadBody("empty-lists@example.com"), product_id: "P01" },
    });
    expect([withProduct.status, withProduct.body.Field]).toEqual([400, "product_id"]);
    const lead = await s.call<{ id: string }>("POST", "/api/lead", {
      token,
      body: newLeadBody("empty-lists@example.com"),
    });
    expect(lead.status).toBe(200);
    const patch = await s.call("PATCH", "/api/lead", {
      token,
      body: { id: lead.body.Data[0].id, product_id: "P01" },
    });
    expect([patch.status, patch.body.Field]).toEqual([400, "product_id"]);
    const rec = await customerToken(s, "empty-clinics@example.com", "recruitment");
    const withClinic = await s.call("POST", "/api/lead", {
      token: rec,
      body: { ...newLeadBody("empty-clinics@example.com", "recruitment"), clinic_id: "C01" },
    });
    expect([withClinic.status, withClinic.body.Field]).toEqual([400, "clinic_id"]);
  });
});

describe("load-catalogue", { timeout: PROCESS_TIMEOUT_MS }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nu-catalogue-"));
  const dataDir = path.join(dir, "data");
  const file = (name: string, json: unknown) => {
    const where = path.join(dir, name);
    fs.writeFileSync(where, typeof json === "string" ? json : JSON.stringify(json));
    return where;
  };
  const product = (id: string) => ({
    id,
    name_zh: `產品 ${id}`,
    name_en: `Product ${id}`,
    description_zh: "",
    description_en: "",
    image_url: `https://shop.example/img/${id}.png`,
  });
  const clinic = (id: string) => ({
    id,
    name_zh: `診所 ${id}`,
    name_en: `Clinic ${id}`,
    district: "WC",
    address_zh: "香港",
    address_en: "Hong Kong",
    phone: "+852 2000 0000",
  });
  const rows = async (table: string) => {
    const db = await openDb({ url: undefined, dataDir });
    try {
      return (await db.query<{ id: string }>(`SELECT id FROM ${table} ORDER BY sort`)).rows.map((r) => r.id);
    } finally {
      await db.close();
    }
  };
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("refuses a file with bad entries, one line per problem, and writes nothing", async () => {
    const bad = file("bad-products.json", {
      products: [
        product("A1"),
        { ...product("A2"), name_en: " " },
        { ...product("A3"), image_url: "javascript:x" },
        product("A1"),
      ],
    });
    const r = await runCli("load-catalogue", ["--products", bad], { DATA_DIR: dataDir });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split("\n")).toEqual([
      `not loaded: ${bad}: products[1].name_en: must not be empty`,
      `not loaded: ${bad}: products[2].image_url: must be a path on this server (/…) or an https:// URL`,
    ]);
    const dup = file("dup-products.json", { products: [product("A1"), product("A1")] });
    const d = await runCli("load-catalogue", ["--products", dup], { DATA_DIR: dataDir });
    expect(d.stderr.trim()).toBe(`not loaded: ${dup}: products[1].id: "A1" is used twice`);
    const notJson = file("broken.json", '{"clinics": [');
    const j = await runCli("load-catalogue", ["--clinics", notJson], { DATA_DIR: dataDir });
    expect(j.code).toBe(1);
    expect(j.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^not loaded: .*broken\.json: not valid JSON/),
    ]);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it("replaces the whole lists in one go and says what it did and where", async () => {
    // An embedded database made before (migrated, no catalogue), as after the server's first start.
    await preparedDataDir(dataDir);
    const first = await runCli(
      "load-catalogue",
      [
        "--products",
        file("p1.json", { products: [product("X1"), product("X2")] }),
        "--clinics",
        file("c1.json", { clinics: [clinic("K1")] }),
      ],
      { DATA_DIR: dataDir },
    );
    expect(first.code).toBe(0);
    expect(first.stdout.trim().split("\n")).toEqual([
      "products: 2 loaded (the 0 before replaced)",
      "clinics: 1 loaded (the 0 before replaced)",
      `database: embedded database in ${dataDir}`,
    ]);
    expect(await rows("products")).toEqual(["X1", "X2"]);
    const second = await runCli(
      "load-catalogue",
      ["--products", file("p2.json", { products: [product("Y1")] })],
      {
        DATA_DIR: dataDir,
      },
    );
    expect(second.stdout).toContain("products: 1 loaded (the 2 before replaced)");
    expect(await rows("products")).toEqual(["Y1"]);
    expect(await rows("clinics")).toEqual(["K1"]);
    // A good file and a bad one: neither is loaded.
    const mixed = await runCli(
      "load-catalogue",
      [
        "--products",
        file("p3.json", { products: [product("Z1")] }),
        "--clinics",
        file("c3.json", { clinics: [{ id: "K2" }] }),
      ],
      { DATA_DIR: dataDir },
    );
    expect(mixed.code).toBe(1);
    expect(await rows("products")).toEqual(["Y1"]);
  });

  it("takes the seed's own files (same shape); the start-up then says they are the fictional ones", async () => {
    const r = await runCli(
      "load-catalogue",
      ["--products", path.join(SEED_DIR, "products.json"), "--clinics", path.join(SEED_DIR, "clinics.json")],
      { DATA_DIR: dataDir },
    );
    expect(r.code).toBe(0);
    const db = await openDb({ url: undefined, dataDir });
    try {
      const gaps = await setupGaps({
        db,
        config: { brand: { name: "x" }, mailFrom: "x@shop.example" } as never,
      });
      expect(gaps).toContainEqual(expect.stringMatching(/^the products include the fictional demo products/));
      expect(gaps).toContainEqual(expect.stringMatching(/^the clinics include the fictional demo clinics/));
    } finally {
      await db.close();
    }
  });
});

describe("MAIL_FROM", () => {
  it("the default no-reply@localhost sender is a start-up gap; a real one is not", async () => {
    const s = await startTestServer({ seed: "none" });
    try {
      expect(await setupGaps(s.deps)).toContainEqual(expect.stringMatching(/^MAIL_FROM is not set: /));
      const set = await setupGaps({
        db: s.db,
        config: { ...s.deps.config, mailFrom: '"Shop" <codes@shop.example>' },
      });
      expect(set.filter((g) => g.startsWith("MAIL_FROM"))).toEqual([]);
    } finally {
      await s.stop();
    }
  });
});
