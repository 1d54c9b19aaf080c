/**
 * PGlite statements with parameters run prepared (parsed once, then one call each): the answers,
 * errors and notifications must be exactly those of PGlite's own `query`. That path calls PGlite's
 * private methods, kept for their measured gain (docs/performance.md): the version is pinned and
 * the first test fails on an upgrade that moves them.
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, pgCode, wrapPglite } from "../db/db.ts";

let raw: PGlite;
let db: Db;

beforeAll(async () => {
  raw = await PGlite.create();
  db = wrapPglite(raw);
  await db.exec(`CREATE TABLE t (id text PRIMARY KEY, n int, doc jsonb, at timestamptz);
    CREATE FUNCTION t_notify() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN PERFORM pg_notify('t_changed', NEW.id); RETURN NEW; END $$;
    CREATE TRIGGER t_changed AFTER INSERT ON t FOR EACH ROW EXECUTE FUNCTION t_notify();`);
});
afterAll(async () => {
  await db?.close();
});

describe("PGlite statements with parameters", () => {
  it("run through the private PGlite methods of the pinned version, prepared once per statement", async () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const wanted = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).devDependencies[
      "@electric-sql/pglite"
    ];
    const installed = JSON.parse(
      fs.readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8"),
    ).version;
    expect(wanted, "pinned exactly: the prepared path uses PGlite's private methods").toMatch(
      /^\d+\.\d+\.\d+$/,
    );
    expect(installed).toBe(wanted);
    const internals = raw as unknown as Record<string, unknown>;
    for (const method of ["_runExclusiveQuery", "_runExclusiveTransaction", "_checkReady", "execProtocol"])
      expect(typeof internals[method], method).toBe("function");
    const sql = "SELECT $1::text AS v";
    for (const v of ["x", "y"]) expect((await db.query(sql, [v])).rows).toEqual([{ v }]);
    const named = await raw.query<{ name: string }>(
      "SELECT name FROM pg_prepared_statements WHERE statement = $1",
      [sql],
    );
    expect(named.rows).toEqual([{ name: expect.stringMatching(/^nu\d+$/) }]);
  });

  const insert = "INSERT INTO t (id, n, doc, at) VALUES ($1, $2, $3::jsonb, $4) RETURNING id, n, doc, at";

  it("answer as PGlite's query does: types parsed, row counts, the same rows on every run", async () => {
    const at = "2026-11-23T10:00:00.000Z";
    const first = await db.query(insert, ["a", 1, JSON.stringify({ x: [1, "二"] }), at]);
    const second = await db.query(insert, ["b", null, "null", at]);
    expect(first.rows).toEqual([{ id: "a", n: 1, doc: { x: [1, "二"] }, at: new Date(at) }]);
    expect(second.rows).toEqual([{ id: "b", n: null, doc: null, at: new Date(at) }]);
    const sql = "SELECT id, n FROM t WHERE at = $1 ORDER BY id";
    const viaPglite = await raw.query(sql, [at]);
    expect((await db.query(sql, [at])).rows).toEqual(viaPglite.rows);
    expect((await db.query("UPDATE t SET n = $1 WHERE at = $2", [5, at])).rowCount).toBe(2);
  });

  it("a failed statement carries its code and leaves the next one working", async () => {
    const error = await db.query(insert, ["a", 2, "{}", null]).catch((e: unknown) => e);
    expect(pgCode(error)).toBe("23505");
    const bad = await db.query(insert, ["c", "not a number", "{}", null]).catch((e: unknown) => e);
    expect(pgCode(bad)).toBe("22P02");
    expect((await db.query(insert, ["c", 3, "{}", null])).rows[0]).toMatchObject({ id: "c", n: 3 });
    expect(pgCode(await db.query("SELECT nope FROM t WHERE id = $1", ["a"]).catch((e: unknown) => e))).toBe(
      "42703",
    );
  });

  it("waits for a transaction in progress, and is seen by the listener of its trigger's NOTIFY", async () => {
    const heard: string[] = [];
    const stop = await db.listen(
      "t_changed",
      (payload?: unknown) => heard.push(String(payload ?? "")),
      () => {},
    );
    let inside = false;
    const tx = db.transaction(async (q) => {
      inside = true;
      await q.query("INSERT INTO t (id) VALUES ($1)", ["tx"]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      inside = false;
    });
    while (!inside) await new Promise((resolve) => setImmediate(resolve));
    const during = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM t WHERE id = $1", ["tx"]);
    expect(inside).toBe(false);
    expect(during.rows).toEqual([{ n: 1 }]);
    await tx;
    await db.query("INSERT INTO t (id) VALUES ($1)", ["heard"]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard.length).toBeGreaterThanOrEqual(2);
    await stop();
  });
  it("run prepared inside a transaction too: rolled back with it, the statement kept for later", async () => {
    const sql = "INSERT INTO t (id, n) VALUES ($1, $2) RETURNING n";
    const failed = await db
      .transaction(async (q) => {
        expect((await q.query(sql, ["rolled-back", 7])).rows).toEqual([{ n: 7 }]);
        throw new Error("undo");
      })
      .catch((e: unknown) => e);
    expect((failed as Error).message).toBe("undo");
    const prepared = await raw.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1",
      [sql],
    );
    expect(prepared.rows).toEqual([{ n: 1 }]);
    expect((await db.query("SELECT id FROM t WHERE id = $1", ["rolled-back"])).rows).toEqual([]);
    await db.transaction((q) => q.query(sql, ["kept", 8]));
    expect((await db.query(sql, ["kept-outside", 9])).rows).toEqual([{ n: 9 }]);
    expect((await db.query("SELECT n FROM t WHERE id = $1", ["kept"])).rows).toEqual([{ n: 8 }]);
  });
});
