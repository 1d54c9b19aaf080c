/**
 * The customer and staff pages' language: the one the server drew the page in (the visitor's choice,
 * else the browser's Accept-Language, else Traditional Chinese: server/html.ts pageLang) until the
 * visitor picks another with the switch; the choice is kept in this browser, and
 * mirrored in a cookie so the server draws the next page's first paint in it. The elements get
 * it as their `lang`, the page its `<html lang>`, heading, tab title and footer.
 */

import { useEffect, useState } from "preact/hooks";
import { LANG_STORAGE_KEY as KEY, LANG_COOKIE } from "../lib/core/hostPage.ts";
import { type Lang, normaliseLang } from "../lib/core/i18n/translate.ts";

const listeners = new Set<(lang: Lang) => void>();

/** The language the server drew this page in (`<html lang>`): hydration must find the same text. */
function drawnLang(): Lang {
  return normaliseLang(document.documentElement.lang);
}

/** The stored choice; without one (storage refused, or cleared), the cookie's, as the server read it. */
function storedLang(): Lang {
  try {
    const stored = localStorage.getItem(KEY);
    if (stored) return normaliseLang(stored);
  } catch {
    // storage refused (private mode)
  }
  return drawnLang();
}

/**
 * The cookie the server reads (server/static.ts): the language shown, so that a visitor who chose
 * Traditional Chinese keeps it even if the browser asks for zh-CN.
 */
function tellServer(lang: Lang): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari, which customers' phones run.
  document.cookie = `${LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax${
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
