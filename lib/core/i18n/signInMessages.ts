/**
 * The zh-HK texts the flows' sign-in step can show. In the element bundle only these
 * stay in the catalogue that the sign-in step downloads; the others go to a chunk of their own
 * (lib/core/i18n/zh-HK.later.ts, filled by build/catalogues.ts) that every other element and every
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

const covers = (entries: readonly string[], key: string) =>
  entries.some((entry) => (entry.endsWith(".") ? key.startsWith(entry) : key === entry));

export function isSignInMessage(key: string): boolean {
  return covers(SIGN_IN_MESSAGES, key);
}

/**
 * The texts `<nu-staff-login>` shows beyond those (its sign-in, the one-time code, and the tools
 * list once signed in). In the element bundle they travel with its chunk (zh-HK.staff.ts,
 * en.staff.ts), so its first screen does not wait for the ~300 texts of the other staff tools; the
 * build fails when its code names a text these and the sign-in texts do not cover.
 */
export const STAFF_SIGN_IN_MESSAGES: readonly string[] = [
  "staff.login.",
  "staff.endSessions.",
  "staff.role.",
  "staff.tools.",
  "staff.signOut",
  "staff.signOutEverywhere",
  "staff.signOutEverywhereAsk",
  "staff.signOutEverywhereConfirm",
  "staff.signOutEverywhereHint",
];

export function isStaffSignInMessage(key: string): boolean {
  return covers(STAFF_SIGN_IN_MESSAGES, key);
}

/**
 * The texts the standalone widget elements (lib/elements/widgets.ts) show beyond the sign-in texts.
 * In the element builds they are a part of each catalogue of their own (zh-HK.widgets.ts,
 * en.widgets.ts), so a page with only widgets does not download the texts after sign-in; the
 * build fails when a widget's code names a text these and the sign-in texts do not cover.
 */
export const WIDGET_MESSAGES: readonly string[] = ["widgets.", "address."];

export function isWidgetMessage(key: string): boolean {
  return !isSignInMessage(key) && covers(WIDGET_MESSAGES, key);
}
