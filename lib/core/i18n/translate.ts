/**
 * Looking a text up, apart from any catalogue: lib/core/i18n/index.ts does it over the whole
 * catalogues, a widget over its own texts only (lib/core/i18n/widgets/, lib/ui/useWidgetT.ts).
 */
export type Lang = "zh-HK" | "zh-Hans" | "en";
export type MessageParams = Record<string, string | number>;
/**
 * Texts by language, each language's by key. Simplified Chinese may leave texts out: the staff
 * tools stay in Traditional Chinese for it (staff work in Hong Kong), which it then reads.
 */
export type Catalogues<K extends string> = {
  "zh-HK": Readonly<Record<K, string>>;
  en: Readonly<Record<K, string>>;
  "zh-Hans"?: Readonly<Partial<Record<K, string>>>;
};

export const DEFAULT_LANG: Lang = "zh-HK";
export const LANGS: readonly Lang[] = ["zh-HK", "zh-Hans", "en"];

/**
 * `lang` attribute, API field or browser language → a supported language: Simplified Chinese for
 * zh-CN, zh-SG and zh-Hans*, Traditional Chinese for any other zh (zh-TW, zh-MO, zh-Hant*), English
 * for en*; anything unknown falls back to Traditional Chinese.
 */
export function normaliseLang(lang: string | undefined | null): Lang {
  const tag = lang?.toLowerCase() ?? "";
  if (tag === "en" || tag.startsWith("en-")) return "en";
  return /^zh-(cn|sg|hans)(-|$)/.test(tag) ? "zh-Hans" : DEFAULT_LANG;
}

/**
 * The language a browser asks for first among those the product has (`Accept-Language` or
 * `navigator.languages`, in order of preference), or null when it names none of them.
 */
export function preferredLang(asked: readonly string[]): Lang | null {
  for (const tag of asked) {
    const lower = tag.trim().toLowerCase();
    if (lower === "zh" || lower.startsWith("zh-") || lower === "en" || lower.startsWith("en-"))
      return lower === "zh" ? DEFAULT_LANG : normaliseLang(lower);
  }
  return null;
}

/** `{name}` placeholders replaced by `params.name`; a placeholder without a value stays as it is. */
export function interpolate(text: string, params?: MessageParams): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * The text of `key` in `lang` from `catalogues` (unknown languages and missing texts read
 * Traditional Chinese).
 */
export function translate<K extends string>(
  catalogues: Catalogues<K>,
  lang: Lang,
  key: K,
  params?: MessageParams,
): string {
  const catalogue: Readonly<Partial<Record<K, string>>> | undefined = catalogues[lang];
  return interpolate(catalogue?.[key] ?? catalogues["zh-HK"][key] ?? key, params);
}

/**
 * A widget's or tool's texts in each language: the same keys in each (a type error otherwise);
 * Simplified Chinese where customers read them (the staff tools' stay Traditional for it).
 */
export function bilingual<K extends string>(texts: {
  "zh-HK": Record<K, string>;
  "zh-Hans": NoInfer<Record<K, string>>;
  en: NoInfer<Record<K, string>>;
}): Catalogues<K> & { "zh-Hans": Readonly<Record<K, string>> };
export function bilingual<K extends string>(texts: {
  "zh-HK": Record<K, string>;
  en: NoInfer<Record<K, string>>;
}): Catalogues<K>;
export function bilingual<K extends string>(texts: Catalogues<K>): Catalogues<K> {
  return texts;
}
