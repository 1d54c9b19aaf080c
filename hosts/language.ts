/**
 * The customer and staff pages' language: Traditional Chinese (SPEC: the interface is zh-HK)
 * unless the visitor chose English with the switch; the choice is kept in this browser. The
 * elements get it as their `lang`, the page its `<html lang>`, heading, tab title and footer.
 */
import { useEffect, useState } from "preact/hooks";

export type HostLang = "zh-HK" | "en";

const KEY = "nu-forms:lang";
const listeners = new Set<(lang: HostLang) => void>();

function storedLang(): HostLang {
  try {
    return localStorage.getItem(KEY) === "en" ? "en" : "zh-HK";
  } catch {
    return "zh-HK";
  }
}

/** `<html lang>`: what a screen reader reads the page's own text as. */
export function setDocumentLang(lang: HostLang): void {
  document.documentElement.lang = lang;
}

export function setHostLang(lang: HostLang): void {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    // storage refused (private mode): the choice lasts for this page
  }
  setDocumentLang(lang);
  for (const listener of listeners) listener(lang);
}

/**
 * The language to show. The first render is always zh-HK: the server drew the page's first
 * picture in Chinese and hydration must find the same text; the stored choice follows at once.
 */
export function useHostLang(): HostLang {
  const [lang, setLang] = useState<HostLang>("zh-HK");
  useEffect(() => {
    listeners.add(setLang);
    const chosen = storedLang();
    if (chosen !== "zh-HK") {
      setDocumentLang(chosen);
      setLang(chosen);
    }
    return () => {
      listeners.delete(setLang);
    };
  }, []);
  return lang;
}
