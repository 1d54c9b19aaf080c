/** Phone country codes offered on the forms (docs/rules.md#fields-and-formats). */
export const PHONE_CODES = [
  { value: "852", label: "+852" },
  { value: "853", label: "+853" },
  { value: "86", label: "+86" },
] as const;

export type PhoneCode = (typeof PHONE_CODES)[number]["value"];

const PHONE_PATTERNS: Record<PhoneCode, RegExp> = {
  "852": /^[2-9]\d{7}$/, // Hong Kong: 8 digits, never starting with 0 or 1
  "853": /^6\d{7}$/, // Macau: 8 digits starting with 6 (mobile)
  "86": /^1\d{10}$/, // mainland mobile: 11 digits starting with 1
};

export function isPhoneCode(value: string): value is PhoneCode {
  return Object.hasOwn(PHONE_PATTERNS, value);
}

/** Digits in a number of each code, without the code. */
const NUMBER_LENGTHS: Record<PhoneCode, number> = { "852": 8, "853": 8, "86": 11 };

/**
 * The number as its digits, the way people write it: full-width digits (a Chinese keyboard) read
 * as digits; spaces, hyphens, dots and brackets dropped; a country code written in front
 * (`+852 9123 4567`, `(852) 91234567`) dropped when what follows is a whole number of that code.
 */
export function normalisePhone(phone: string): string {
  const digits = phone.normalize("NFKC").replace(/[\s\-.()]/g, "");
  for (const [code, length] of Object.entries(NUMBER_LENGTHS)) {
    const rest = digits.replace(/^\+/, "");
    if (rest.length === code.length + length && rest.startsWith(code)) return rest.slice(code.length);
  }
  return digits;
}

/** Whether `phone` is a valid number for the country code (`852`, `853` or `86`). */
export function isValidPhone(code: string, phone: string): boolean {
  return isPhoneCode(code) && PHONE_PATTERNS[code].test(normalisePhone(phone));
}

/** The code a form starts with: +86 for a mainland resident, else +852. */
export function defaultPhoneCode(residence: "HK" | "CN" | ""): PhoneCode {
  return residence === "CN" ? "86" : "852";
}

/** Whether a code is one a form may have chosen by itself (so it may change it with the residence). */
export function isDefaultPhoneCode(code: string): boolean {
  return code === "852" || code === "86" || code === "";
}
