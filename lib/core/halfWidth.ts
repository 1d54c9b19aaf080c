/**
 * A Chinese input method types letters and digits full-width (`Ｓ００１`, `１２８０`) and spaces as
 * U+3000. Unicode NFKC folds them, and the other compatibility forms, to plain ASCII, so every
 * field that expects letters and digits reads what staff and customers type either way.
 */
export function halfWidth(text: string): string {
  return text.normalize("NFKC");
}

/** The digits of a typed one-time code (full-width ones too), at most `length` of them. */
export function codeDigits(text: string, length = 6): string {
  return halfWidth(text).replace(/\D/g, "").slice(0, length);
}

/** A staff id as typed, in its stored form: half-width, trimmed, upper case (`ｓ００１ ` → `S001`). */
export function normaliseStaffId(text: string): string {
  return halfWidth(text).trim().toUpperCase();
}
