// C0 controls, DEL and C1 controls: browsers strip or reinterpret them inside URLs.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const MAX_DECODE_ROUNDS = 3;
const PROBE_ORIGIN = "https://nu-forms.invalid";

function unsafe(text: string): boolean {
  const path = text.split(/[?#]/, 1)[0];
  return !text.startsWith("/") || text.includes("\\") || path.includes("//") || CONTROL.test(text);
}

/**
 * `value` when it is a path on this site (`/staff/result?id=…`), else null: it must start with
 * exactly one `/`, and neither it nor its percent-decoded forms may hold `//` in the path, a
 * backslash, a scheme or control characters (`//evil`, `/\evil`, `/%2F%2Fevil`, `javascript:`…).
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (typeof value !== "string" || value === "") return null;
  let current = value;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round++) {
    if (unsafe(current)) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      break; // a literal '%' is harmless; only what decodes can hide a trick
    }
    if (decoded === current) break;
    if (round === MAX_DECODE_ROUNDS) return null;
    current = decoded;
  }
  try {
    if (new URL(value, PROBE_ORIGIN).origin !== PROBE_ORIGIN) return null;
  } catch {
    return null;
  }
  return value;
}
