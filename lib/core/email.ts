/**
 * The e-mail rule, in one place: the API's emailSchema (schemas.ts) is built from it, and the
 * browser checks with isEmail, so it never accepts an address the server then rejects. A module of
 * its own so the sign-in step gets the rule without every schema and valibot.
 */

/** valibot's e-mail pattern (EMAIL_REGEX), which the API used through `v.email()`. */
export const EMAIL_PATTERN = /^[\w+-]+(?:\.[\w+-]+)*@[\da-zA-Z]+(?:[.-][\da-zA-Z]+)*\.[a-zA-Z]{2,}$/u;

export const EMAIL_MAX_LENGTH = 254;

/** Trimmed and lower-cased as the API does, at most EMAIL_MAX_LENGTH characters, EMAIL_PATTERN. */
export function isEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH * 2) return false;
  const email = value.trim().toLowerCase();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}
