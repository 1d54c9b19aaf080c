import { useCallback } from "react";
import { type Catalogues, normaliseLang, translate } from "../core/i18n/translate.ts";
import type { Translate } from "./useT.ts";

export { normaliseLang } from "../core/i18n/translate.ts";

/**
 * A widget's texts (`texts`, and `more` for one it shares: modules of lib/core/i18n/widgets/) for its
 * `lang` prop: a widget imports only its own, not the whole catalogues that useT reads. In the
 * element builds this is useT, over the catalogue lib/load/catalogues.ts fills (vite.config.ts,
 * widgetTextsOnDemand).
 */
export function useWidgetT<A extends string, B extends string = never>(
  lang: string | undefined,
  texts: Catalogues<A>,
  more?: Catalogues<B>,
): Translate<A | B> {
  const resolved = normaliseLang(lang);
  return useCallback(
    (key, params) => {
      const own = !more || Object.hasOwn(texts["zh-HK"], key);
      return own ? translate(texts, resolved, key as A, params) : translate(more, resolved, key as B, params);
    },
    [resolved, texts, more],
  );
}
