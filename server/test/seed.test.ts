/**
 * The demo seed on a migrated database without it, in this process (the templates of harness.ts
 * are seeded once per run, in globalSetup; on PostgreSQL every test server seeds its own).
 */
import { expect, it } from "vitest";
import { prepareDatabase } from "../app.ts";
import { createPglite, wrapPglite } from "../db/db.ts";
import { pgliteTemplate } from "./harness.ts";

it("adds the demo staff, leads and sample texts once; a second start adds nothing", async () => {
  const db = wrapPglite(await createPglite({ loadDataDir: await pgliteTemplate("none") }));
  try {
    const count = async (table: string) =>
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
    expect(await count("staff")).toBe(0);
    expect(await prepareDatabase(db, "demo", Date.now())).toBe(true);
    const { rows } = await db.query<{ staff_id: string }>("SELECT staff_id FROM staff ORDER BY staff_id");
    expect(rows.map((r) => r.staff_id)).toEqual(["A001", "S001", "S002"]);
    const leads = await count("leads");
    expect(leads).toBeGreaterThanOrEqual(3);
    const texts = await count("legal_documents");
    expect(texts).toBeGreaterThan(0);
    expect(await prepareDatabase(db, "demo", Date.now())).toBe(false);
    expect([await count("staff"), await count("leads"), await count("legal_documents")]).toEqual([
      3,
      leads,
      texts,
    ]);
  } finally {
    await db.close();
  }
}, 60_000);
