/**
 * Looking a text up, apart from any catalogue: lib/core/i18n/index.ts does it over the whole
 * catalogues, a widget over its own texts only (lib/core/i18n/widgets/, lib/ui/useWidgetT.ts).
 */
export type Lang = "zh-HK" | "en";
export type MessageParams = Record<string, string | number>;
/** Texts by language, each language's by key. */
export type Catalogues<K extends string> = Record<Lang, Readonly<Record<K, string>>>;

export const DEFAULT_LANG: Lang = "zh-HK";
export const LANGS: readonly Lang[] = ["zh-HK", "en"];

/** `lang` attribute → a supported language; anything unknown falls back to Traditional Chinese. */
export function normaliseLang(lang: string | undefined | null): Lang {
  return lang === "en" || lang?.toLowerCase().startsWith("en-") ? "en" : DEFAULT_LANG;
}

/** `{name}` placeholders replaced by `params.name`; a placeholder without a value stays as it is. */
export function interpolate(text: string, params?: MessageParams): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** The text of `key` in `lang` from `catalogues` (unknown languages and missing texts read Traditional Chinese). */
export function translate<K extends string>(
  catalogues: Catalogues<K>,
  lang: Lang,
  key: K,
  params?: MessageParams,
): string {
  const catalogue = catalogues[lang] ?? catalogues[DEFAULT_LANG];
  return interpolate(catalogue[key] ?? catalogues[DEFAULT_LANG][key] ?? key, params);
}

/** A widget's texts in both languages: the same keys in each (a type error otherwise). */
export function bilingual<K extends string>(texts: {
  "zh-HK": Record<K, string>;
  en: NoInfer<Record<K, string>>;
}): Catalogues<K> {
  return texts;
}
