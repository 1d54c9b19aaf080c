/**
 * The zh-HK texts of `<nu-staff-login>` beyond the sign-in texts (signInMessages.ts:
 * STAFF_SIGN_IN_MESSAGES), which its chunk carries: build/catalogues.ts copies them here from
 * zh-HK.ts in the element bundle (they stay in zh-HK.later.ts for the other staff tools).
 * Everywhere else (npm package, server, tests) zh-HK.ts holds every text and this stays empty.
 */
export const zhHKStaff: Record<string, string> = {};
