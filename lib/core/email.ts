/**
 * E-mail address validity, the same rule the API applies (valibot `emailSchema` of schemas.ts:
 * trim, lower-case, at most 254 characters, valibot's e-mail pattern), so the browser never
 * accepts an address the server then rejects. Written out here, not imported from schemas.ts, so
 * the sign-in step does not download every schema (issue 11); email.test.ts checks that the two
 * agree on any input.
 */

/**
 * valibot's EMAIL_REGEX, copied: importing it from valibot put the shared valibot chunk (every
 * rule the schemas use, 2.6 kB gzip) on the sign-in step. email.test.ts holds the two equal.
 */
export const EMAIL_PATTERN = /^[\w+-]+(?:\.[\w+-]+)*@[\da-zA-Z]+(?:[.-][\da-zA-Z]+)*\.[a-zA-Z]{2,}$/u;

/** LIMITS.email of schemas.ts (email.test.ts holds them equal). */
export const EMAIL_MAX_LENGTH = 254;

export function isEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH * 2) return false;
  const email = value.trim().toLowerCase();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}
