import type { ErrorCode } from "../errorCodes.ts";
import { en } from "./en.ts";
import { enWidgets } from "./en.widgets.ts";
import { type Lang, type MessageParams, translate } from "./translate.ts";
import { zhHans } from "./zh-Hans.ts";
import { zhHansWidgets } from "./zh-Hans.widgets.ts";
import { type MessageKey, zhHK } from "./zh-HK.ts";
import { zhHKWidgets } from "./zh-HK.widgets.ts";

export {
  DEFAULT_LANG,
  interpolate,
  LANGS,
  type Lang,
  type MessageParams,
  normaliseLang,
  preferredLang,
} from "./translate.ts";
export type { MessageKey } from "./zh-HK.ts";

/**
 * Every text, every language (each widget reads its own alone: ./widgets/); zh-Hans leaves the
 * staff tools' out, which it reads in zh-HK (translate.ts). The element builds start from less and
 * fill these objects as an element needs more (lib/load/catalogues.ts): vite.config.ts
 * (englishOnDemand, widgetTextsOnDemand) and build/catalogues.ts.
 */
export const messages: {
  "zh-HK": Record<MessageKey, string>;
  "zh-Hans": Partial<Record<MessageKey, string>>;
  en: Record<MessageKey, string>;
} = {
  "zh-HK": { ...zhHK, ...zhHKWidgets },
  "zh-Hans": { ...zhHans, ...zhHansWidgets },
  en: { ...en, ...enWidgets },
};

/** The text of `key` in `lang` (unknown languages read Traditional Chinese). */
export function t(lang: Lang, key: MessageKey, params?: MessageParams): string {
  return translate(messages, lang, key, params);
}

/** The user-facing text of an API error code (`errors.<CODE>`). */
export function errorMessage(lang: Lang, code: ErrorCode, params?: MessageParams): string {
  return t(lang, errorKey(code), params);
}

/** A type error here means an ErrorCode has no `errors.<CODE>` text in the catalogues. */
export function errorKey(code: ErrorCode): MessageKey {
  return `errors.${code}`;
}
