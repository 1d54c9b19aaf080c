import type { ErrorCode } from "../errorCodes.ts";
import { en } from "./en.ts";
import { type MessageKey, zhHK } from "./zh-HK.ts";

export type { MessageKey } from "./zh-HK.ts";
export type Lang = "zh-HK" | "en";
export type MessageParams = Record<string, string | number>;

export const DEFAULT_LANG: Lang = "zh-HK";
export const LANGS: readonly Lang[] = ["zh-HK", "en"];

/** `lang` attribute → a supported language; anything unknown falls back to Traditional Chinese. */
export function normaliseLang(lang: string | undefined | null): Lang {
  return lang === "en" || lang?.toLowerCase().startsWith("en-") ? "en" : DEFAULT_LANG;
}

export const messages: Record<Lang, Record<MessageKey, string>> = { "zh-HK": zhHK, en };

/** `{name}` placeholders replaced by `params.name`; a placeholder without a value stays as it is. */
export function interpolate(text: string, params?: MessageParams): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** The text of `key` in `lang` (unknown languages read Traditional Chinese). */
export function t(lang: Lang, key: MessageKey, params?: MessageParams): string {
  const catalogue = messages[lang] ?? messages[DEFAULT_LANG];
  return interpolate(catalogue[key] ?? messages[DEFAULT_LANG][key] ?? key, params);
}

/** The user-facing text of an API error code (`errors.<CODE>`). */
export function errorMessage(lang: Lang, code: ErrorCode, params?: MessageParams): string {
  return t(lang, errorKey(code), params);
}

/** A type error here means an ErrorCode has no `errors.<CODE>` text in the catalogues. */
export function errorKey(code: ErrorCode): MessageKey {
  return `errors.${code}`;
}
