/** The maintenance record (docs/rules.md#maintenance): one row; `environment` is APP_ENV, never stored. */
import type { MaintenancePut } from "../../lib/core/schemas.ts";
import type { MaintenanceRecord } from "../../lib/core/types.ts";
import type { Queryable } from "../db/db.ts";

const FIELDS = [
  "enable_maintenance",
  "enable_maintenance_nuform",
  "enable_maintenance_reform",
  "nuform_online_date",
  "maintenance_messages",
  "maintenance_messages_nuform",
  "maintenance_messages_reform",
] as const;

type Stored = Omit<MaintenanceRecord, "environment">;

export async function readMaintenance(q: Queryable, environment: string): Promise<MaintenanceRecord> {
  const { rows } = await q.query<Stored>(`SELECT ${FIELDS.join(", ")} FROM maintenance WHERE id = 1`);
  return { environment, ...rows[0] };
}

export async function updateMaintenance(
  q: Queryable,
  changes: MaintenancePut,
  staffId: string,
  environment: string,
): Promise<MaintenanceRecord> {
  const names = FIELDS.filter((f) => changes[f] !== undefined);
  if (names.length > 0) {
    const sets = names.map((name, i) => `${name} = $${i + 2}`);
    await q.query(
      `UPDATE maintenance SET ${sets.join(", ")}, updated_at = now(), updated_by = $1 WHERE id = 1`,
      [staffId, ...names.map((n) => changes[n])],
    );
  }
  return readMaintenance(q, environment);
}
