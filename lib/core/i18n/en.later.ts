/**
 * The English texts the sign-in step does not need, as a chunk of their own in the element bundle
 * (the same cut as zh-HK.later.ts): build/catalogues.ts moves them here from en.ts, and
 * lib/load/catalogues.ts loads them for `lang="en"` after sign-in. Everywhere else (npm
 * package, server, tests) en.ts holds every text and this stays empty.
 */
export const enLater: Record<string, string> = {};
