/**
 * Adds a staff member to the database the server would use (same DATABASE_URL / DATA_DIR):
 *   STAFF_PASSWORD='…' node --import tsx server/cli/create-staff.ts --id S003 --first 嘉欣 \
 *     --last 李 --role staff --phone 61230004 --need-otp Y --email s003@example.com
 * The password comes from STAFF_PASSWORD (not an argument, so it stays out of shell history)
 * and must meet the password policy. On an embedded database, stop the server first (the tool refuses a folder it holds).
 */
import { parseArgs } from "node:util";
import { createStaff } from "../services/staff.ts";
import { runStaffTool } from "./staffTool.ts";
import { runWhenEntry, type Tool, ToolExit } from "./tool.ts";

const NEEDS_EMAIL =
  "not created: --need-otp Y needs --email (the staff member's sign-in code is mailed there; without one it could never arrive)";

export const createStaffTool: Tool = async (args, env, io) => {
  const { values } = parseArgs({
    args,
    options: {
      id: { type: "string" },
      first: { type: "string" },
      last: { type: "string", default: "" },
      role: { type: "string", default: "staff" },
      phone: { type: "string", default: "" },
      "need-otp": { type: "string", default: "N" },
      email: { type: "string" },
    },
  });
  if (values["need-otp"]?.toUpperCase() === "Y" && !values.email?.includes("@")) {
    throw new ToolExit(1, [NEEDS_EMAIL]);
  }
  return runStaffTool(
    env,
    io,
    async (db, where) => {
      await createStaff(
        db,
        {
          staff_id: values.id ?? "",
          first_name: values.first ?? "",
          last_name: values.last,
          role: values.role,
          phone: values.phone,
          need_otp: values["need-otp"],
          password: env.STAFF_PASSWORD ?? "",
        },
        values.email ?? null,
      );
      return `staff ${values.id?.toUpperCase()} created in ${where}`;
    },
    (failure) =>
      failure.field === "password"
        ? "not created: STAFF_PASSWORD does not meet the password policy (8+ characters with lower case, upper case, digit and symbol)"
        : failure.field === "email"
          ? NEEDS_EMAIL
          : failure.field === "staff_id"
            ? `not created: check --id (a staff id such as S003 that is not taken yet)`
            : `not created: check --${failure.field?.replace(/_/g, "-") ?? "arguments"}`,
    { staffId: values.id, change: "create" },
  );
};

runWhenEntry(import.meta, createStaffTool);
