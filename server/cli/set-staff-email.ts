/**
 * Sets the address a staff member's sign-in codes are mailed to, in the database the server uses
 * (same DATABASE_URL / DATA_DIR):
 *   node --import tsx server/cli/set-staff-email.ts --id S002 --email s002@example.com
 * The server's start-up names staff members with the code step and no address (setupGaps.ts).
 * On an embedded database, stop the server first (the tool refuses a folder it holds).
 */
import { parseArgs } from "node:util";
import { setStaffEmail } from "../services/staffEmail.ts";
import { runStaffTool } from "./staffTool.ts";
import { runWhenEntry, type Tool } from "./tool.ts";

export const setStaffEmailTool: Tool = (args, env, io) => {
  const { values } = parseArgs({ args, options: { id: { type: "string" }, email: { type: "string" } } });
  return runStaffTool(
    env,
    io,
    async (db, where) => {
      await setStaffEmail(db, values.id ?? "", values.email ?? "");
      return `e-mail address of ${values.id?.toUpperCase()} set in ${where}`;
    },
    (failure) =>
      failure.code === "NOT_FOUND"
        ? `not changed: no staff member ${values.id?.toUpperCase()}`
        : failure.field === "email"
          ? "not changed: --email needs an e-mail address (the staff member's sign-in codes are mailed there)"
          : "not changed: check --id",
    { staffId: values.id, change: "email" },
  );
};

runWhenEntry(import.meta, setStaffEmailTool);
