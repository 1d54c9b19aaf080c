/** Issue 19 §8: the embedded database's files are the owner's alone (0600 files, 0700 folders). */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { openDb } from "../db/db.ts";
import { migrate } from "../db/migrate.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function modes(root: string): { file: string; mode: number; dir: boolean }[] {
  const out: { file: string; mode: number; dir: boolean }[] = [];
  const walk = (p: string) => {
    const st = fs.statSync(p);
    out.push({ file: path.relative(root, p) || ".", mode: st.mode & 0o777, dir: st.isDirectory() });
    if (st.isDirectory()) for (const e of fs.readdirSync(p)) walk(path.join(p, e));
  };
  walk(root);
  return out;
}

it("PGlite data files are 0600 and folders 0700, also ones an older install left open", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nu-modes-"));
  dirs.push(dataDir);
  fs.chmodSync(dataDir, 0o755);
  // What an older install left behind: world-readable.
  fs.mkdirSync(path.join(dataDir, "old"), { mode: 0o755 });
  fs.writeFileSync(path.join(dataDir, "old", "leftover"), "x", { mode: 0o666 });
  fs.chmodSync(path.join(dataDir, "old", "leftover"), 0o666);
  const db = await openDb({ url: undefined, dataDir });
  try {
    await migrate(db);
    await db.query("INSERT INTO rate_events (bucket) VALUES ('x')");
  } finally {
    await db.close();
  }
  const all = modes(dataDir);
  expect(all.length).toBeGreaterThan(100);
  expect(all.filter((m) => m.dir && m.mode !== 0o700)).toEqual([]);
  expect(all.filter((m) => !m.dir && m.mode !== 0o600)).toEqual([]);
  expect(all.some((m) => m.file.startsWith(path.join("pglite", "pg_wal")))).toBe(true);
}, 120_000);
