/**
 * The address a staff member's one-time codes are mailed to (the CLI `server/cli/set-staff-email.ts`),
 * and the staff members with the code step who have none: their codes could never arrive.
 */
import { isEmail } from "../../lib/core/email.ts";
import { staffIdSchema } from "../../lib/core/schemas.ts";
import type { Queryable } from "../db/db.ts";
import { ApiFailure } from "../http/envelope.ts";
import { parse } from "../http/input.ts";

export async function setStaffEmail(q: Queryable, staffId: string, email: string): Promise<void> {
  const id = parse(staffIdSchema, staffId);
  const address = email.trim();
  if (!isEmail(address)) throw new ApiFailure("VALIDATION_FAILED", { field: "email" });
  const changed = await q.query("UPDATE staff SET email = $2 WHERE staff_id = $1", [id, address]);
  if (changed.rowCount === 0) throw new ApiFailure("NOT_FOUND", { field: "staff_id" });
}

/** Staff ids with the code step and no address to mail the code to (rows older than that rule). */
export async function staffWithoutCodeAddress(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ staff_id: string }>(
    `SELECT staff_id FROM staff
     WHERE need_otp = 'Y' AND (email IS NULL OR position('@' in email) = 0)
     ORDER BY staff_id`,
  );
  return rows.map((row) => row.staff_id);
}
