/**
 * The message catalogues as chunks of their own. In the element bundle
 * (vite.config.ts, build/catalogues.ts) lib/core/i18n starts with the zh-HK texts of the flows'
 * sign-in step only and an empty English catalogue; this module fills them before an element or a
 * step that needs more renders. Each language comes in three parts: the sign-in texts (zh-HK's are
 * in the bundle already; English and Simplified Chinese load for `lang="en"` and `"zh-Hans"`), what the widget elements show beyond
 * those, and the rest, for everything after sign-in.
 * (The staff sign-in's own texts, in both languages, come with its code: StaffLogin.tsx.) A
 * Traditional Chinese customer page (the default) never downloads English. Elsewhere (npm package,
 * server, tests) both catalogues are whole from the start and filling them changes nothing.
 */
import { type Lang, messages } from "../core/i18n/index.ts";

/** Which texts an element or step needs before it renders: each scope includes the one before. */
export type MessageScope = "sign-in" | "widgets" | "all";

/**
 * A part of a catalogue: `en` its sign-in texts, `en~` the widgets' beyond those, `en+` the rest
 * (the same for zh-Hans).
 * zh-HK's sign-in texts are in the bundle.
 */
type Part = Lang | `${Lang}~` | `${Lang}+`;

const PARTS: Record<Exclude<Part, "zh-HK">, () => Promise<Record<string, string>>> = {
  en: () => import("../core/i18n/en.ts").then((m) => m.en),
  "en~": () => import("../core/i18n/en.widgets.ts").then((m) => m.enWidgets),
  "en+": () => import("../core/i18n/en.later.ts").then((m) => m.enLater),
  "zh-HK~": () => import("../core/i18n/zh-HK.widgets.ts").then((m) => m.zhHKWidgets),
  "zh-HK+": () => import("../core/i18n/zh-HK.later.ts").then((m) => m.zhHKLater),
  "zh-Hans": () => import("../core/i18n/zh-Hans.ts").then((m) => m.zhHans),
  "zh-Hans~": () => import("../core/i18n/zh-Hans.widgets.ts").then((m) => m.zhHansWidgets),
  "zh-Hans+": () => import("../core/i18n/zh-Hans.later.ts").then((m) => m.zhHansLater),
};

/** The parts `scope` needs in `lang`. */
const partsOf = (lang: Lang, scope: MessageScope): Part[] =>
  scope === "sign-in" ? [lang] : scope === "widgets" ? [lang, `${lang}~`] : [lang, `${lang}~`, `${lang}+`];

const done = new Set<Part>(["zh-HK"]);
const pending = new Map<Part, Promise<void>>();
/** The languages a page has asked texts for: their later texts are prefetched at idle. */
const inUse = new Set<Lang>();

/** Loads a part once; a failure lets the next call ask the network again. */
function loadPart(lang: Lang, part: Part): Promise<void> {
  if (done.has(part)) return Promise.resolve();
  let loading = pending.get(part);
  if (!loading) {
    loading = PARTS[part as Exclude<Part, "zh-HK">]().then(
      (texts) => {
        Object.assign(messages[lang], texts);
        done.add(part);
      },
      (error: unknown) => {
        pending.delete(part);
        throw error;
      },
    );
    pending.set(part, loading);
  }
  return loading;
}

/** Whether the texts `scope` needs in `lang` are there. */
export function messagesReady(lang: Lang, scope: MessageScope): boolean {
  return partsOf(lang, scope).every((part) => done.has(part));
}

/** Loads what `messagesReady(lang, scope)` waits for. */
export function loadMessages(lang: Lang, scope: MessageScope): Promise<void> {
  inUse.add(lang);
  return Promise.all(partsOf(lang, scope).map((part) => loadPart(lang, part))).then(() => {});
}

/** Prefetches the texts after sign-in in each language the page uses (zh-HK if none yet). */
export function preloadLaterMessages(): void {
  for (const lang of inUse.size > 0 ? inUse : ["zh-HK" as const]) {
    for (const part of partsOf(lang, "all")) loadPart(lang, part).catch(() => {});
  }
}
