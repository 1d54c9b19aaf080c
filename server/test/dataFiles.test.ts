/**
 * The embedded database's files are the owner's alone (0600 files, 0700 folders); one
 * process at a time opens them.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { openDb } from "../db/db.ts";
import { LOCK_FILE, lockDataFolder } from "../db/folderLock.ts";
import { migrate } from "../db/migrate.ts";
import { preparedDataDir } from "./harness.ts";

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

it("one process at a time on a PGlite folder: a second open is refused, a lock left by a dead process is taken over", async () => {
  // A folder with a database in it (a copy of a migrated one), as a server leaves it.
  const dataDir = await preparedDataDir(fs.mkdtempSync(path.join(os.tmpdir(), "nu-lock-")));
  dirs.push(dataDir);
  const first = await openDb({ url: undefined, dataDir });
  try {
    await expect(openDb({ url: undefined, dataDir })).rejects.toThrow(/in use by another nu-forms server/);
  } finally {
    await first.close();
  }
  expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

  // A crash leaves the file behind, naming a process that no longer runs.
  const gone = spawnSync(process.execPath, [
    "-e",
    "process.stdout.write(String(process.pid))",
  ]).stdout.toString();
  fs.writeFileSync(path.join(dataDir, LOCK_FILE), `${gone}\n`);
  const again = await openDb({ url: undefined, dataDir });
  expect(fs.readFileSync(path.join(dataDir, LOCK_FILE), "utf8")).toMatch(new RegExp(`^${process.pid}\n`));
  await again.close();
}, 120_000);

it("a lock whose process id is alive but is no server on this folder is taken over; a live server's is not", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nu-lock-pid-"));
  dirs.push(dataDir);
  const file = path.join(dataDir, LOCK_FILE);
  const takes = () => {
    const release = lockDataFolder(dataDir);
    expect(fs.readFileSync(file, "utf8")).toMatch(new RegExp(`^${process.pid}\n[0-9a-f]{24}\n`));
    release();
    expect(fs.existsSync(file)).toBe(false);
  };
  // The crashed server's number reused by an unrelated live process: a lock of this version
  // (another start time) and of the last one (the number alone).
  const unrelated = spawn("sleep", ["30"], { stdio: "ignore" });
  try {
    fs.writeFileSync(file, `${unrelated.pid}\n0123456789abcdef01234567\n1\n`);
    takes();
    fs.writeFileSync(file, `${unrelated.pid}\n`);
    takes();
  } finally {
    unrelated.kill();
  }
  // This process's own number with a nonce it never made: a container's PID 1 started again.
  fs.writeFileSync(file, `${process.pid}\nffffffffffffffffffffffff\n1\n`);
  takes();
  // A live server holding the folder (another process that took the lock) keeps it.
  const server = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "-e",
      `import(${JSON.stringify(path.resolve("server/db/folderLock.ts"))}).then((m) => { m.lockDataFolder(${JSON.stringify(dataDir)}); console.log("locked"); setInterval(() => {}, 1000); })`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  try {
    await new Promise<void>((resolve, reject) => {
      server.stdout.on("data", (d: Buffer) => d.toString().includes("locked") && resolve());
      server.on("exit", () => reject(new Error("the locking process ended")));
    });
    expect(() => lockDataFolder(dataDir)).toThrow(/in use by another nu-forms server/);
    expect(fs.readFileSync(file, "utf8")).toMatch(new RegExp(`^${server.pid}\n`));
  } finally {
    server.kill();
  }
}, 60_000);
