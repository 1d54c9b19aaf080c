import { useCallback } from "react";
import { type MessageKey, t } from "../core/i18n/index.ts";
import { normaliseLang } from "../core/i18n/translate.ts";

export { DEFAULT_LANG, normaliseLang } from "../core/i18n/translate.ts";

export type Translate<K extends string = MessageKey> = (
  key: K,
  params?: Record<string, string | number>,
) => string;

/** The message catalogue for a component's `lang` prop (the widgets read theirs only: useWidgetT). */
export function useT(lang: string | undefined): Translate {
  const resolved = normaliseLang(lang);
  return useCallback((key, params) => t(resolved, key, params), [resolved]);
}
