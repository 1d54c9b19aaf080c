/**
 * The customer and staff pages' language: Traditional Chinese (docs/rules.md#who-uses-it: zh-HK first)
 * unless the visitor chose English with the switch; the choice is kept in this browser, and
 * mirrored in a cookie so the server draws the next page's first paint in it. The elements get
 * it as their `lang`, the page its `<html lang>`, heading, tab title and footer.
 */

import { useEffect, useState } from "preact/hooks";
import { LANG_STORAGE_KEY as KEY, LANG_COOKIE } from "../lib/core/hostPage.ts";
import type { Lang } from "../lib/core/i18n/index.ts";

const listeners = new Set<(lang: Lang) => void>();

/** The language the server drew this page in (`<html lang>`): hydration must find the same text. */
function drawnLang(): Lang {
  return document.documentElement.lang === "en" ? "en" : "zh-HK";
}

/** The stored choice; without one (storage refused, or cleared), the cookie's, as the server read it. */
function storedLang(): Lang {
  try {
    const stored = localStorage.getItem(KEY);
    if (stored) return stored === "en" ? "en" : "zh-HK";
  } catch {
    // storage refused (private mode)
  }
  return drawnLang();
}

/** The cookie the server reads (server/static.ts): set for English, removed for Chinese. */
function tellServer(lang: Lang): void {
  const en = lang === "en";
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari, which customers' phones run.
  document.cookie = `${LANG_COOKIE}=${en ? "en" : ""}; Path=/; Max-Age=${en ? 31536000 : 0}; SameSite=Lax${
    location.protocol === "https:" ? "; Secure" : ""
  }`;
}

/** `<html lang>`: what a screen reader reads the page's own text as. */
export function setDocumentLang(lang: Lang): void {
  document.documentElement.lang = lang;
}

export function setHostLang(lang: Lang): void {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // storage refused (private mode): the cookie keeps it
  }
  tellServer(lang);
  setDocumentLang(lang);
  for (const listener of listeners) listener(lang);
}

/**
 * The language to show. The first render is the one the server drew the page in (from the
 * cookie), so hydration finds the same text; a stored choice that differs follows at once.
 */
export function useHostLang(): Lang {
  const [lang, setLang] = useState<Lang>(drawnLang);
  useEffect(() => {
    listeners.add(setLang);
    const chosen = storedLang();
    // A choice made before the cookie existed reaches the server from the next page on.
    tellServer(chosen);
    setDocumentLang(chosen);
    setLang(chosen);
    return () => {
      listeners.delete(setLang);
    };
  }, []);
  return lang;
}
