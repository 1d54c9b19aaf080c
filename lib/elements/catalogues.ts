/**
 * The English catalogue as a chunk of its own: a page in Traditional Chinese (the default) never
 * downloads it. In the element bundle, vite.lib.config.ts replaces the static English import of
 * lib/core/i18n/index.ts with an empty catalogue that this module fills before an element with
 * `lang="en"` renders. Elsewhere (npm package, server, tests) English is there from the start and
 * filling it again changes nothing.
 */
import { messages } from "../core/i18n/index.ts";

let english: Promise<void> | null = null;

export function englishLoaded(): boolean {
  return Object.keys(messages.en).length > 0;
}

export function loadEnglish(): Promise<void> {
  english ??= import("../core/i18n/en.ts").then(
    (m) => {
      Object.assign(messages.en, m.en);
    },
    (error: unknown) => {
      english = null;
      throw error;
    },
  );
  return english;
}
