export const PASSWORD_MIN_LENGTH = 8;

export type PasswordFailure = "min_length" | "lowercase" | "uppercase" | "digit" | "symbol";

const RULES: readonly [PasswordFailure, (pw: string) => boolean][] = [
  ["min_length", (pw) => [...pw].length >= PASSWORD_MIN_LENGTH],
  ["lowercase", (pw) => /[a-z]/.test(pw)],
  ["uppercase", (pw) => /[A-Z]/.test(pw)],
  ["digit", (pw) => /[0-9]/.test(pw)],
  // Any printable ASCII character that is neither a letter, a digit nor a space.
  ["symbol", (pw) => /[!-/:-@[-`{-~]/.test(pw)],
];

/** The password policy of docs/rules.md#fields-and-formats, reporting every rule the password breaks. */
export function checkPassword(pw: string): { ok: boolean; failures: PasswordFailure[] } {
  const failures = RULES.filter(([, passes]) => !passes(pw)).map(([name]) => name);
  return { ok: failures.length === 0, failures };
}
