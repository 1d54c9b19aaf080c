/**
 * How the browser reads the answer of a staff sign-in (docs/rules.md#staff). Its own module, apart from the
 * token check every page loads, so only the staff sign-in downloads it.
 */
import { personName } from "./personName.ts";

/** Staff display name: first name then last name, trimmed. */
export function staffDisplayName(first: string | null | undefined, last: string | null | undefined): string {
  return personName(first, last);
}

export type StaffLoginOutcome = "ok" | "S0" | "Empty token";

/**
 * The staff sign-in outcome (docs/rules.md#staff): a token is 'ok' (also with `need_otp: "Y"`: that is how
 * `POST /api/staff/otp` answers a right code); no token with `need_otp: "Y"` is 'S0' (the one-time
 * code step follows); no token otherwise is 'Empty token'.
 */
export function staffLoginOutcome(record: {
  need_otp?: string;
  staff_token?: string | null;
}): StaffLoginOutcome {
  if (record.staff_token) return "ok";
  if (record.need_otp === "Y") return "S0";
  return "Empty token";
}
