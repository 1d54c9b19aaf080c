/**
 * The zh-HK texts the flows' sign-in step can show (issue 11). In the element bundle only these
 * stay in the catalogue that the sign-in step downloads; the others go to a chunk of their own
 * (lib/core/i18n/zh-HK.later.ts, filled by vite.catalogues.ts) that every other element and every
 * later step waits for, and that the flows prefetch at idle. The build fails when code the sign-in
 * step loads names a key these do not cover: add its prefix (or the key) here.
 *
 * An entry ending in "." covers every key that starts with it; any other entry covers that key.
 */
export const SIGN_IN_MESSAGES: readonly string[] = [
  "common.",
  "elements.",
  "errors.",
  "login.",
  "maintenance.",
  "widgets.email.",
  "flows.progress",
  "flows.working",
  "flows.unknownStep.",
  "flows.nuform.",
  "flows.recruitment.",
  "flows.login.",
  "flows.residence.",
  "flows.handover.",
  "flows.terms.accept",
  "flows.terms.personIncomplete",
];

export function isSignInMessage(key: string): boolean {
  return SIGN_IN_MESSAGES.some((entry) => (entry.endsWith(".") ? key.startsWith(entry) : key === entry));
}
