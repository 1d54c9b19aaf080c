/**
 * The documented `--nu-*` custom properties (docs/theming.md) with their defaults. Component CSS
 * reads every colour, font and size through `token()`, so a default lives in exactly one place.
 * What each one styles is in theme.docs.ts, which only the manifest generator reads: the text does
 * not ship to browsers.
 */
export const TOKENS = {
  "color-primary": "#0b6e4f",
  "color-primary-contrast": "#ffffff",
  "color-accent": "#f5c518",
  "color-accent-contrast": "#1f1a00",
  "color-info": "#1f5fbf",
  "color-info-contrast": "#ffffff",
  "color-error": "#b3261e",
  "color-success": "#1b7a3d",
  "color-warning": "#b06000",
  "color-warning-bg": "#fff4e0",
  "color-text": "#1c2321",
  "color-muted": "#5b6664",
  "color-border": "#8a9794",
  "color-surface": "#ffffff",
  "color-background": "#f4f7f6",
  font: 'system-ui, -apple-system, "PingFang HK", "Noto Sans HK", "Noto Sans CJK HK", "Microsoft JhengHei", "WenQuanYi Micro Hei", sans-serif',
  "font-size": "16px",
  radius: "8px",
  space: "8px",
  // Two rings, white inside the primary colour: visible on white and on a primary button alike
  // (3:1 against both, WCAG 1.4.11), in the brand's colour.
  "focus-ring": "0 0 0 2px #ffffff, 0 0 0 4px var(--nu-color-primary, #0b6e4f)",
} as const;

export type TokenName = keyof typeof TOKENS;

/** `var(--nu-<name>, <default>)` for use inside component CSS. */
export function token(name: TokenName): string {
  return `var(--nu-${name}, ${TOKENS[name]})`;
}

/**
 * The focus ring, as declarations for a focus rule: the `--nu-focus-ring` box shadow, and a
 * transparent outline. Forced-colours mode (Windows Contrast themes) drops box shadows and draws the
 * outline in the system's colour, so focus stays visible there; elsewhere the outline cannot be seen.
 */
export const focusRing = `box-shadow:${token("focus-ring")};outline:2px solid transparent;outline-offset:2px;`;

/** `calc(<n> * --nu-space)`: spacing as a multiple of the base unit. */
export function space(n: number): string {
  return `calc(${n} * ${token("space")})`;
}
