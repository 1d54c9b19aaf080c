import { useCallback } from "react";
import { type MessageKey, normaliseLang, t } from "../core/i18n/index.ts";

export { DEFAULT_LANG, normaliseLang } from "../core/i18n/index.ts";

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** The message catalogue for a component's `lang` prop. */
export function useT(lang: string | undefined): Translate {
  const resolved = normaliseLang(lang);
  return useCallback((key, params) => t(resolved, key, params), [resolved]);
}
