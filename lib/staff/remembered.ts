/**
 * What a staff member types the same on every customer (their shop, the nutritionist's name),
 * remembered on this device for this staff id only, and forgotten on a deliberate sign-out. Never
 * anything about a customer.
 */
import { $flags } from "../state/flags.ts";
import { REMEMBERED_KEY } from "./rememberedDrop.ts";

export type RememberedField = "shop" | "nutritionist";

interface Stored {
  staffId: string;
  values: Partial<Record<RememberedField, string>>;
}

function read(): Stored | null {
  try {
    const stored = JSON.parse(localStorage.getItem(REMEMBERED_KEY) ?? "null") as Stored | null;
    return stored && typeof stored.staffId === "string" && typeof stored.values === "object" ? stored : null;
  } catch {
    return null;
  }
}

/** The value the signed-in staff id last used here, or "". */
export function remembered(field: RememberedField): string {
  const staffId = $flags.get().STAFF_ID;
  const stored = read();
  if (!staffId || stored?.staffId !== staffId) return "";
  const value = stored.values[field];
  return typeof value === "string" ? value : "";
}

/** Keeps `value` for the signed-in staff id (another staff id's values are dropped). */
export function remember(field: RememberedField, value: string): void {
  const staffId = $flags.get().STAFF_ID;
  if (!staffId) return;
  const stored = read();
  const values = stored?.staffId === staffId ? { ...stored.values } : {};
  if (value) values[field] = value;
  else delete values[field];
  try {
    localStorage.setItem(REMEMBERED_KEY, JSON.stringify({ staffId, values } satisfies Stored));
  } catch {
    // no storage: typed again next time, as before
  }
}
