/**
 * The message catalogues as chunks of their own (issue 11). In the element bundle
 * (vite.lib.config.ts, vite.catalogues.ts) lib/core/i18n starts with the zh-HK texts of the flows'
 * sign-in step only and an empty English catalogue; this module fills them before an element or a
 * step that needs more renders: the rest of zh-HK for everything after sign-in, English for
 * `lang="en"`. A Traditional Chinese page (the default) never downloads English. Elsewhere (npm
 * package, server, tests) both catalogues are whole from the start and filling them changes nothing.
 */
import { type Lang, messages } from "../core/i18n/index.ts";

/** Which texts an element or step needs before it renders. */
export type MessageScope = "sign-in" | "all";

let english: Promise<void> | null = null;
let later: Promise<void> | null = null;
let laterDone = false;

export function englishLoaded(): boolean {
  return Object.keys(messages.en).length > 0;
}

/** Loads `load` once; a failure lets the next call ask the network again. */
function once(current: Promise<void> | null, load: () => Promise<void>, reset: () => void): Promise<void> {
  return (
    current ??
    load().catch((error: unknown) => {
      reset();
      throw error;
    })
  );
}

export function loadEnglish(): Promise<void> {
  english = once(
    english,
    () =>
      import("../core/i18n/en.ts").then((m) => {
        Object.assign(messages.en, m.en);
      }),
    () => {
      english = null;
    },
  );
  return english;
}

/** The zh-HK texts after sign-in (an empty module outside the element bundle). */
export function loadLaterChinese(): Promise<void> {
  later = once(
    later,
    () =>
      import("../core/i18n/zh-HK.later.ts").then((m) => {
        Object.assign(messages["zh-HK"], m.zhHKLater);
        laterDone = true;
      }),
    () => {
      later = null;
    },
  );
  return later;
}

/** Whether the texts `scope` needs in `lang` are there. */
export function messagesReady(lang: Lang, scope: MessageScope): boolean {
  if (lang === "en") return englishLoaded();
  return scope === "sign-in" || laterDone;
}

/** Loads what `messagesReady(lang, scope)` waits for. */
export function loadMessages(lang: Lang, scope: MessageScope): Promise<void> {
  if (lang === "en") return loadEnglish();
  return scope === "all" ? loadLaterChinese() : Promise.resolve();
}
