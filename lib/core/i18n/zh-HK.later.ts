/**
 * The zh-HK texts the sign-in step does not need, as a chunk of their own in the element bundle:
 * there build/catalogues.ts moves every key that lib/core/i18n/signInMessages.ts does not cover
 * from zh-HK.ts into this module, which lib/load/catalogues.ts loads. Everywhere else (npm
 * package, server, tests) zh-HK.ts holds every text and this stays empty.
 */
export const zhHKLater: Record<string, string> = {};
