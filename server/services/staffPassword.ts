/**
 * Changing a staff member's password (the CLI `server/cli/set-staff-password.ts`). The new hash
 * also clears a lock-out; the database trigger `staff_password_changed` (migration 004) ends every
 * session of that staff member, so the rule holds wherever a password is changed.
 */
import { newPasswordSchema, staffIdSchema } from "../../lib/core/schemas.ts";
import { hashPassword } from "../auth/password.ts";
import type { Queryable } from "../db/db.ts";
import { ApiFailure } from "../http/envelope.ts";
import { parse } from "../http/input.ts";

/** Sets the password (policy of docs/rules.md#fields-and-formats); returns how many sessions the change ended. */
export async function setStaffPassword(q: Queryable, staffId: string, password: string): Promise<number> {
  const id = parse(staffIdSchema, staffId);
  let checked: string;
  try {
    checked = parse(newPasswordSchema, password);
  } catch {
    throw new ApiFailure("VALIDATION_FAILED", { field: "password" });
  }
  const hash = await hashPassword(checked);
  const live = await q.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM auth_sessions WHERE kind = 'staff' AND subject = $1 AND revoked_at IS NULL",
    [id],
  );
  const changed = await q.query(
    "UPDATE staff SET password_hash = $2, failed_attempts = 0, locked_until = NULL WHERE staff_id = $1",
    [id, hash],
  );
  if (changed.rowCount === 0) throw new ApiFailure("NOT_FOUND", { field: "staff_id" });
  return live.rows[0].n;
}
