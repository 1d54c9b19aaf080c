/**
 * E-mail address validity, the same rule the API applies (valibot `emailSchema` of schemas.ts:
 * trim, lower-case, at most 254 characters, valibot's e-mail pattern), so the browser never
 * accepts an address the server then rejects. Written out here, not imported from schemas.ts, so
 * the sign-in step does not download every schema (issue 11); email.test.ts checks that the two
 * agree on any input.
 */
import { EMAIL_REGEX } from "valibot";

/** LIMITS.email of schemas.ts (email.test.ts holds them equal). */
export const EMAIL_MAX_LENGTH = 254;

export function isEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH * 2) return false;
  const email = value.trim().toLowerCase();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_REGEX.test(email);
}
