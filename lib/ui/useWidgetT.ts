import { useCallback } from "react";
import { normaliseLang } from "../core/i18n/translate.ts";
import { type WidgetMessageKey, widgetText } from "../core/i18n/widgetTexts.ts";
import type { Translate } from "./useT.ts";

export { normaliseLang } from "../core/i18n/translate.ts";

/**
 * The widgets' texts for a component's `lang` prop: a widget imports only these
 * (lib/core/i18n/widgetTexts.ts), not the whole catalogues that useT reads.
 */
export function useWidgetT(lang: string | undefined): Translate<WidgetMessageKey> {
  const resolved = normaliseLang(lang);
  return useCallback((key, params) => widgetText(resolved, key, params), [resolved]);
}
