import type { Lang } from "../core/i18n/index.ts";

/**
 * An element's first step's name in dist/elements/first-steps.json (vite.first-steps.ts), which
 * the server reads to preload it: `nu-form` in Chinese, `nu-form lang="en"` in English.
 */
export const firstStepName = (tag: string, lang: Lang): string =>
  lang === "zh-HK" ? tag : `${tag} lang="${lang}"`;
