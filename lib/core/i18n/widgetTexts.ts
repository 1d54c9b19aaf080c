import { enWidgets } from "./en.widgets.ts";
import { type Catalogues, type Lang, type MessageParams, translate } from "./translate.ts";
import { type WidgetMessageKey, zhHKWidgets } from "./zh-HK.widgets.ts";

export type { WidgetMessageKey } from "./zh-HK.widgets.ts";

/**
 * The texts the widgets show, both languages, without the rest of the catalogues: a React page with
 * a `<Select>` carries these (2 kB gzip), not the whole catalogues. In the element builds
 * vite.lib.config.ts (widgetTextsOnDemand) makes `widgetMessages` the shared `messages` of
 * lib/core/i18n/index.ts, which lib/load/catalogues.ts fills before a widget element renders.
 */
export const widgetMessages: Catalogues<WidgetMessageKey> = { "zh-HK": zhHKWidgets, en: enWidgets };

/** The text of a widget's `key` in `lang`. */
export function widgetText(lang: Lang, key: WidgetMessageKey, params?: MessageParams): string {
  return translate(widgetMessages, lang, key, params);
}
