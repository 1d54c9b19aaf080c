/**
 * The documented `--nu-*` custom properties (docs/theming.md) with their defaults. Component CSS
 * reads every colour, font and size through `token()`, so a default lives in exactly one place.
 */
export const TOKENS = {
  "color-primary": { value: "#0b6e4f", doc: "Brand colour: primary buttons, focus, selected day, links." },
  "color-primary-contrast": { value: "#ffffff", doc: "Text on the brand colour." },
  "color-accent": { value: "#f5c518", doc: "Yellow theme colour (confirm dialog `theme=yellow`)." },
  "color-accent-contrast": { value: "#1f1a00", doc: "Text on the yellow theme colour." },
  "color-info": { value: "#1f5fbf", doc: "Blue theme colour (confirm dialog `theme=blue`)." },
  "color-info-contrast": { value: "#ffffff", doc: "Text on the blue theme colour." },
  "color-error": { value: "#b3261e", doc: "Error text, invalid field borders, required marks." },
  "color-success": { value: "#1b7a3d", doc: "Success text (e-mail sent)." },
  "color-warning": {
    value: "#b06000",
    doc: "Warning edge (no matching address, refused second redemption).",
  },
  "color-warning-bg": { value: "#fff4e0", doc: "Warning background." },
  "color-text": { value: "#1c2321", doc: "Body text." },
  "color-muted": { value: "#5b6664", doc: "Hints, placeholders, secondary text." },
  "color-border": { value: "#8a9794", doc: "Field and card borders." },
  "color-surface": { value: "#ffffff", doc: "Field, card and dialog background." },
  "color-background": {
    value: "#f4f7f6",
    doc: "Subtle fills: card header, hovered option, disabled fields.",
  },
  font: {
    value:
      'system-ui, -apple-system, "PingFang HK", "Noto Sans HK", "Noto Sans CJK HK", "Microsoft JhengHei", "WenQuanYi Micro Hei", sans-serif',
    doc: "Font family.",
  },
  "font-size": {
    value: "16px",
    doc: "Base font size (px: a host page's `html {font-size}` cannot shrink it).",
  },
  radius: { value: "8px", doc: "Corner radius of fields, buttons, cards and dialogs." },
  space: { value: "8px", doc: "Base spacing unit; gaps and paddings are multiples of it." },
  "focus-ring": {
    value: "0 0 0 3px rgb(11 110 79 / 0.45)",
    doc: "Box shadow drawn around the focused control.",
  },
} as const;

export type TokenName = keyof typeof TOKENS;

/** `var(--nu-<name>, <default>)` for use inside component CSS. */
export function token(name: TokenName): string {
  return `var(--nu-${name}, ${TOKENS[name].value})`;
}

/** `calc(<n> * --nu-space)`: spacing as a multiple of the base unit. */
export function space(n: number): string {
  return `calc(${n} * ${token("space")})`;
}
