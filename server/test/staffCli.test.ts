/**
 * The staff command-line tools (server/cli/create-staff.ts, set-staff-password.ts) as operators
 * run them, in processes of their own.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ApiFailure } from "../http/envelope.ts";
import { createStaff } from "../services/staff.ts";
import { startTestServer } from "./harness.ts";
import { runCli } from "./support/cli.ts";
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
