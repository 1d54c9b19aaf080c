import { useCallback } from "react";
import { type Lang, type MessageKey, t } from "../core/i18n/index.ts";

export const DEFAULT_LANG: Lang = "zh-HK";

/** `lang` attribute → a supported language; anything unknown falls back to Traditional Chinese. */
export function normaliseLang(lang: string | undefined | null): Lang {
  return lang === "en" || lang?.toLowerCase().startsWith("en-") ? "en" : DEFAULT_LANG;
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** The message catalogue for a component's `lang` prop. */
export function useT(lang: string | undefined): Translate {
  const resolved = normaliseLang(lang);
  return useCallback((key, params) => t(resolved, key, params), [resolved]);
}
