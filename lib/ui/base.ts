import { sheet } from "./sheet.ts";
import { focusRing, space, token } from "./theme.ts";

/**
 * Rules every widget shares: the root's own font (a host page's font size or box model cannot
 * reach in), and the look of labels, fields, buttons, hints and error lines. Selectors are scoped
 * under `.nu-root` so that adopting this sheet into a document (plain React use) styles only the
 * widgets, never the page.
 */
export const baseSheet = sheet(`
:host { display: block; }
:host([hidden]) { display: none; }
.nu-root {
  font-family: ${token("font")};
  font-size: ${token("font-size")};
  line-height: 1.5;
  color: ${token("color-text")};
  text-align: start;
  -webkit-text-size-adjust: 100%;
  /* Inherited text properties a host page may set (letter-spacing, italics…) stop here. */
  font-style: normal;
  font-weight: 400;
  font-variant: normal;
  font-stretch: normal;
  letter-spacing: normal;
  word-spacing: normal;
  text-transform: none;
  text-indent: 0;
  text-shadow: none;
  white-space: normal;
  hyphens: manual;
  cursor: auto;
}
.nu-root, .nu-root *, .nu-root *::before, .nu-root *::after { box-sizing: border-box; }
.nu-root :where(button, input, select, textarea) { font: inherit; color: inherit; letter-spacing: inherit; }
.nu-root :where(h1, h2, h3, p, ul, ol, fieldset, legend) { margin: 0; padding: 0; }
.nu-root :where(ul, ol) { list-style: none; }
.nu-root :where(fieldset) { border: 0; min-width: 0; }

.nu-field { display: flex; flex-direction: column; gap: ${space(0.5)}; min-width: 0; }
.nu-label { font-weight: 600; }
.nu-required { color: ${token("color-error")}; margin-inline-start: 0.25em; font-weight: 600; }
.nu-hint { color: ${token("color-muted")}; font-size: 0.875em; }

.nu-control {
  display: block;
  width: 100%;
  min-height: 48px;
  padding: ${space(1.25)} ${space(1.5)};
  border: 1px solid ${token("color-border")};
  border-radius: ${token("radius")};
  background: ${token("color-surface")};
  color: ${token("color-text")};
  outline: none;
}
.nu-control::placeholder { color: ${token("color-muted")}; opacity: 1; }
.nu-control:focus-visible, .nu-control:focus { border-color: ${token("color-primary")}; ${focusRing} }
.nu-control[aria-invalid="true"] { border-color: ${token("color-error")}; border-width: 2px; }
.nu-control:disabled, .nu-control[aria-disabled="true"] {
  background: ${token("color-background")};
  color: ${token("color-muted")};
  cursor: not-allowed;
}
select.nu-control {
  appearance: none;
  padding-inline-end: ${space(5)};
  background-image: linear-gradient(45deg, transparent 50%, currentColor 50%),
    linear-gradient(135deg, currentColor 50%, transparent 50%);
  background-position: calc(100% - 20px) 50%, calc(100% - 14px) 50%;
  background-size: 6px 6px, 6px 6px;
  background-repeat: no-repeat;
}

.nu-button {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${space(1)};
  min-height: 48px;
  min-width: 48px;
  padding: ${space(1.25)} ${space(2.5)};
  border: 1px solid ${token("color-primary")};
  border-radius: ${token("radius")};
  background: ${token("color-primary")};
  color: ${token("color-primary-contrast")};
  font-weight: 600;
  cursor: pointer;
  outline: none;
  text-decoration: none;
  white-space: nowrap;
}
.nu-button:focus-visible { ${focusRing} }
.nu-button:hover:not(:disabled, [aria-disabled="true"]) { filter: brightness(0.93); }
.nu-button:disabled, .nu-button[aria-disabled="true"] { opacity: 0.55; cursor: not-allowed; }
.nu-button--secondary { background: ${token("color-surface")}; color: ${token("color-text")}; border-color: ${token("color-border")}; }

.nu-error {
  display: flex;
  gap: 0.375em;
  align-items: flex-start;
  color: ${token("color-error")};
  font-size: 0.875em;
  font-weight: 500;
}
.nu-error-icon { flex: none; width: 1.15em; height: 1.15em; margin-top: 0.15em; }

.nu-visually-hidden {
  position: absolute !important;
  width: 1px; height: 1px;
  margin: -1px; padding: 0; border: 0;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
}

@media (prefers-reduced-motion: no-preference) {
  .nu-control, .nu-button { transition: border-color 0.15s, box-shadow 0.15s, filter 0.15s; }
}
`);
