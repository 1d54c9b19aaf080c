/**
 * People's names the Hong Kong way, in one place: how a name is shown (Chinese family name first
 * with no space, 李嘉欣; Latin given name first, Ka Yan Lee) and which characters a name may hold.
 */
import { containsChinese } from "./chinese.ts";

/** A name's letters in any script, spaces, hyphens, apostrophes, dots (incl. the Chinese middle dot). */
const NAME_CHARS = /^[\p{L}\p{M} '’.·‧-]+$/u;
const HAS_LETTER = /\p{L}/u;
/**
 * Letters and marks that show nothing: the Hangul fillers (they count as letters, so a name of
 * them alone would pass as a name and show blank) and the combining grapheme joiner.
 */
const INVISIBLE = /\u3164|\uFFA0|\u115F|\u1160|\u034F/u;
/** Three marks on one letter: no script writes a name so (Vietnamese stacks two); a "zalgo" smear. */
const STACKED_MARKS = /\p{M}{3,}/u;

/**
 * Whether `text` may be a name part: letters of any script with spaces, - ' . — no digits, emoji,
 * control characters, invisible letters or stacked marks, and at least one visible letter.
 */
export function isPersonName(text: string): boolean {
  const trimmed = text.trim();
  return (
    NAME_CHARS.test(trimmed) &&
    HAS_LETTER.test(trimmed) &&
    !INVISIBLE.test(trimmed) &&
    !STACKED_MARKS.test(trimmed.normalize("NFD"))
  );
}

/** The name as shown: `李嘉欣` when either part is Chinese, else `Ka Yan Lee`. */
export function personName(first: string | null | undefined, last: string | null | undefined): string {
  const given = (first ?? "").trim();
  const family = (last ?? "").trim();
  if (containsChinese(given) || containsChinese(family)) return `${family}${given}`;
  return [given, family].filter(Boolean).join(" ");
}

/**
 * A name that exists in Chinese and English (products, clinics, hospitals, districts) as shown:
 * `en` on an English page, `zh` on any other; each falls back to the other when empty, else ''.
 */
export function nameIn(lang: string, zh: string | null | undefined, en: string | null | undefined): string {
  return (lang === "en" ? en || zh : zh || en) || "";
}
