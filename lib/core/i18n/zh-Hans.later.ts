/**
 * The zh-Hans texts the sign-in step does not need, as a chunk of their own in the element bundle
 * (as zh-HK.later.ts and en.later.ts; vite.catalogues.ts fills it, with the staff tools' texts in
 * Traditional Chinese, which zh-Hans reads for them). Everywhere else zh-Hans.ts holds every text.
 */
export const zhHansLater: Record<string, string> = {};
