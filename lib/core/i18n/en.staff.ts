/**
 * The en texts of `<nu-staff-login>` beyond the sign-in texts (signInMessages.ts:
 * STAFF_SIGN_IN_MESSAGES), which its chunk carries: build/catalogues.ts copies them here from
 * en.ts in the element bundle (they stay in en.later.ts for the other staff tools).
 * Everywhere else (npm package, server, tests) en.ts holds every text and this stays empty.
 */
export const enStaff: Record<string, string> = {};
