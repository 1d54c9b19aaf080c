/**
 * What each `--nu-*` token of theme.ts styles: the custom-elements manifest and docs/theming.md
 * describe them with these texts. Kept apart from the defaults so that the element bundle, which
 * imports theme.ts, carries no documentation text.
 */
import type { TokenName } from "./theme.ts";

export const TOKEN_DOCS: Record<TokenName, string> = {
  "color-primary": "Brand colour: primary buttons, focus, selected day, links.",
  "color-primary-contrast": "Text on the brand colour.",
  "color-accent": "Yellow theme colour (confirm dialog `theme=yellow`).",
  "color-accent-contrast": "Text on the yellow theme colour.",
  "color-info": "Blue theme colour (confirm dialog `theme=blue`).",
  "color-info-contrast": "Text on the blue theme colour.",
  "color-error": "Error text, invalid field borders, required marks.",
  "color-success": "Success text (e-mail sent).",
  "color-warning": "Warning edge (no matching address, refused second redemption).",
  "color-warning-bg": "Warning background.",
  "color-text": "Body text.",
  "color-muted": "Hints, placeholders, secondary text.",
  "color-border": "Field and card borders.",
  "color-surface": "Field, card and dialog background.",
  "color-background": "Subtle fills: card header, hovered option, disabled fields.",
  font: "Font family.",
  "font-size": "Base font size (px: a host page's `html {font-size}` cannot shrink it).",
  radius: "Corner radius of fields, buttons, cards and dialogs.",
  space: "Base spacing unit; gaps and paddings are multiples of it.",
  "focus-ring":
    "Box shadow drawn around the focused control (white, then the primary colour: 3:1 on white and on a primary button).",
};
