/**
 * Sets a staff member's password in the database the server uses (same DATABASE_URL / DATA_DIR),
 * which ends every session of that staff member on every instance:
 *   STAFF_PASSWORD='…' node --import tsx server/cli/set-staff-password.ts --id S001
 * The password comes from STAFF_PASSWORD (not an argument, so it stays out of shell history) and
 * must meet the password policy. On an embedded database, stop the server first (the tool refuses a folder it holds).
 */
import { parseArgs } from "node:util";
import { setStaffPassword } from "../services/staffPassword.ts";
import { runStaffTool } from "./staffTool.ts";
import { runWhenEntry, type Tool } from "./tool.ts";

export const setStaffPasswordTool: Tool = (args, env, io) => {
  const { values } = parseArgs({ args, options: { id: { type: "string" } } });
  return runStaffTool(
    env,
    io,
    async (db, where) => {
      const ended = await setStaffPassword(db, values.id ?? "", env.STAFF_PASSWORD ?? "");
      return `password of ${values.id?.toUpperCase()} changed in ${where}; ${ended} session(s) ended`;
    },
    (failure) =>
      failure.code === "NOT_FOUND"
        ? `not changed: no staff member ${values.id?.toUpperCase()}`
        : failure.field === "password"
          ? "not changed: STAFF_PASSWORD does not meet the password policy (8+ characters with lower case, upper case, digit and symbol)"
          : "not changed: check --id",
    { staffId: values.id, change: "password" },
  );
};

runWhenEntry(import.meta, setStaffPasswordTool);
