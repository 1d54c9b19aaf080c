/**
 * The staff command-line tools (server/cli/create-staff.ts, set-staff-password.ts, set-staff-email.ts) as operators
 * run them: in this process (support/cli.ts), and each once in a process of its own (the last
 * describe). The embedded databases are copies of a migrated one (harness.ts preparedDataDir):
 * a new folder's initdb and migrations are dataFiles.test.ts's.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDb } from "../db/db.ts";
import { ApiFailure } from "../http/envelope.ts";
import { createStaff } from "../services/staff.ts";
import { setupGaps } from "../setupGaps.ts";
import { preparedDataDir, startTestServer } from "./harness.ts";
import { runCli, runCliProcess } from "./support/cli.ts";
import { PROCESS_TIMEOUT_MS } from "./support/mainProcess.ts";

const PASSWORD = "Str0ng-Pass-2026!";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nu-staff-cli-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("create-staff --need-otp Y", { timeout: PROCESS_TIMEOUT_MS }, () => {
  it("without --email is refused before the database is touched", async () => {
    const dataDir = path.join(dir, "no-email");
    const r = await runCli(
      "create-staff",
      ["--id", "S010", "--first", "Kelly", "--last", "Lee", "--need-otp", "Y"],
      {
        DATA_DIR: dataDir,
        STAFF_PASSWORD: PASSWORD,
      },
    );
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(
      "not created: --need-otp Y needs --email (the staff member's sign-in code is mailed there; without one it could never arrive)",
    );
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it("the service refuses it too (any other caller)", async () => {
    const s = await startTestServer({ seed: "none" });
    try {
      const input = {
        staff_id: "S011",
        first_name: "Kelly",
        last_name: "Lee",
        role: "staff",
        phone: "",
        need_otp: "Y",
        password: PASSWORD,
      };
      const refused = await createStaff(s.db, input, null).catch((e) => e);
      expect(refused).toBeInstanceOf(ApiFailure);
      expect((refused as ApiFailure).field).toBe("email");
      await createStaff(s.db, input, "s011@example.com");
      await createStaff(s.db, { ...input, staff_id: "S012", need_otp: "N" }, null);
    } finally {
      await s.stop();
    }
  });
});

describe("set-staff-email", { timeout: PROCESS_TIMEOUT_MS }, () => {
  it("gives a staff member with the code step and no address one; the start-up named them until then", async () => {
    const dataDir = await preparedDataDir(path.join(dir, "email"));
    const created = await runCli("create-staff", ["--id", "S013", "--first", "Kelly", "--last", "Lee"], {
      DATA_DIR: dataDir,
      STAFF_PASSWORD: PASSWORD,
    });
    expect(created.code).toBe(0);
    const gapsOf = async (change?: string) => {
      const db = await openDb({ url: undefined, dataDir });
      try {
        if (change) await db.query(change);
        const config = { brand: { name: "x" }, mailFrom: "x@shop.example" } as never;
        return (await setupGaps({ db, config })).filter((gap) => gap.startsWith("staff "));
      } finally {
        await db.close();
      }
    };
    // A row from before the rule that the code step needs an address.
    expect(await gapsOf("UPDATE staff SET need_otp = 'Y' WHERE staff_id = 'S013'")).toEqual([
      "staff S013 must enter a one-time code but have no e-mail address to receive it, so they cannot sign in: give each one with server/cli/set-staff-email.ts --id … --email … (docs/api.md: Sign-in and tokens)",
    ]);

    const bad = await runCli("set-staff-email", ["--id", "S013", "--email", "s013.example.com"], {
      DATA_DIR: dataDir,
    });
    expect([bad.code, bad.stderr.trim()]).toEqual([
      1,
      "not changed: --email needs an e-mail address (the staff member's sign-in codes are mailed there)",
    ]);
    const unknown = await runCli("set-staff-email", ["--id", "S099", "--email", "s099@example.com"], {
      DATA_DIR: dataDir,
    });
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, "not changed: no staff member S099"]);
    expect(await gapsOf()).toHaveLength(1);

    const set = await runCli("set-staff-email", ["--id", "s013", "--email", " s013@example.com "], {
      DATA_DIR: dataDir,
    });
    expect([set.code, set.stdout.trim()]).toEqual([
      0,
      `e-mail address of S013 set in embedded database in ${dataDir}`,
    ]);
    expect(await gapsOf()).toEqual([]);
    const db = await openDb({ url: undefined, dataDir });
    try {
      const { rows } = await db.query<{ email: string }>("SELECT email FROM staff WHERE staff_id = 'S013'");
      expect(rows).toEqual([{ email: "s013@example.com" }]);
    } finally {
      await db.close();
    }
  });
});

describe("the tools name the database they used", { timeout: PROCESS_TIMEOUT_MS }, () => {
  it("create-staff and set-staff-password: the embedded database's folder", async () => {
    const dataDir = await preparedDataDir(path.join(dir, "named"));
    const created = await runCli(
      "create-staff",
      ["--id", "A001", "--first", "淑儀", "--last", "何", "--role", "admin"],
      {
        DATA_DIR: dataDir,
        STAFF_PASSWORD: PASSWORD,
      },
    );
    expect([created.code, created.stdout.trim()]).toEqual([
      0,
      `staff A001 created in embedded database in ${dataDir}`,
    ]);
    const changed = await runCli("set-staff-password", ["--id", "A001"], {
      DATA_DIR: dataDir,
      STAFF_PASSWORD: `${PASSWORD}x`,
    });
    expect(changed.stdout.trim()).toBe(
      `password of A001 changed in embedded database in ${dataDir}; 0 session(s) ended`,
    );
  });

  it("a PostgreSQL that cannot be reached: one line naming host and database, never the password", async () => {
    const r = await runCli("set-staff-password", ["--id", "A001"], {
      DATABASE_URL: "postgres://nu:S3cretDbPw@127.0.0.1:9/nu_forms",
      STAFF_PASSWORD: PASSWORD,
    });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(
      "nu-forms: cannot reach the database (PostgreSQL 127.0.0.1:9/nu_forms): ECONNREFUSED; is PostgreSQL running there, and are the host and port of DATABASE_URL right?",
    );
  });
});

describe("publish-texts", { timeout: PROCESS_TIMEOUT_MS }, () => {
  const dataDir = path.join(dir, "texts");
  const doc = (body: string) => ({
    documents: [{ kind: "privacy_policy", version: "2026-11", lang: "zh-HK", title: "私隱政策", body }],
  });
  const write = (name: string, content: unknown) => {
    const where = path.join(dir, name);
    fs.writeFileSync(where, typeof content === "string" ? content : JSON.stringify(content));
    return where;
  };

  it("a published version: the same again is 'unchanged', other content is refused; bad JSON is one line", async () => {
    await preparedDataDir(dataDir);
    const first = await runCli("publish-texts", [write("t1.json", doc("第一版"))], { DATA_DIR: dataDir });
    expect(first.stdout.trim()).toBe(`1 text(s) published to embedded database in ${dataDir}`);
    const same = await runCli("publish-texts", [write("t2.json", doc("第一版"))], { DATA_DIR: dataDir });
    expect(same.code).toBe(0);
    expect(same.stdout).toContain("privacy_policy 2026-11 zh-HK: already published, unchanged");
    const other = await runCli("publish-texts", [write("t3.json", doc("改正版"))], { DATA_DIR: dataDir });
    expect(other.code).toBe(1);
    expect(other.stderr.trim()).toMatch(
      /^not published: privacy_policy 2026-11 zh-HK is already published with other content; .*new "version"$/,
    );
    const broken = write("t4.json", "{ not json");
    const bad = await runCli("publish-texts", [broken], { DATA_DIR: dataDir });
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^not published: .*t4\.json: not valid JSON/),
    ]);
  });
});

describe("each tool as a process of its own", { timeout: PROCESS_TIMEOUT_MS }, () => {
  it("takes its arguments and environment, prints its lines on stderr and ends with its status", async () => {
    const unreachable = "postgres://nu:S3cretDbPw@127.0.0.1:9/nu_forms";
    const [create, email, password, catalogue, texts] = await Promise.all([
      runCliProcess("create-staff", ["--id", "S010", "--first", "Kelly", "--need-otp", "Y"], {}),
      runCliProcess("set-staff-email", ["--id", "S002", "--email", "a@b.hk"], { DATABASE_URL: unreachable }),
      runCliProcess("set-staff-password", ["--id", "S002"], {
        DATABASE_URL: unreachable,
        STAFF_PASSWORD: PASSWORD,
      }),
      runCliProcess("load-catalogue", [], {}),
      runCliProcess("publish-texts", [], {}),
    ]);
    expect([create.code, create.stderr.trim()]).toEqual([
      1,
      expect.stringMatching(/^not created: --need-otp Y needs --email/),
    ]);
    for (const r of [email, password]) {
      expect([r.code, r.stdout, r.stderr.trim()]).toEqual([
        1,
        "",
        "nu-forms: cannot reach the database (PostgreSQL 127.0.0.1:9/nu_forms): ECONNREFUSED; is PostgreSQL running there, and are the host and port of DATABASE_URL right?",
      ]);
    }
    expect([catalogue.code, catalogue.stderr.trim()]).toEqual([
      2,
      "usage: load-catalogue [--products products.json] [--clinics clinics.json]",
    ]);
    expect([texts.code, texts.stderr.trim()]).toEqual([2, "usage: publish-texts <file.json>"]);
  });
});
