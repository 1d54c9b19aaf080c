import { sheet } from "../ui/sheet.ts";
import { focusRing, space, token } from "../ui/theme.ts";

/** The e-mail field's row (field, 發送電郵) and its status lines: `<nu-email-input>` and the flows' sign-in step. */
export const emailSheet = sheet(`
.nu-email-row { display: flex; flex-wrap: wrap; gap: ${space(1)}; align-items: flex-start; }
.nu-email-row > .nu-combobox { flex: 1 1 15em; min-width: 0; }
.nu-email-row > .nu-button { flex: 0 0 auto; }
@media (max-width: 420px) { .nu-email-row > .nu-button:not(.nu-button--secondary) { flex: 1 1 100%; } }
.nu-email-status { font-size: 0.875em; color: ${token("color-muted")}; }
.nu-email-status[data-status="sent"] { color: ${token("color-success")}; font-weight: 600; }
.nu-email-typo { font-size: 0.9375em; }
.nu-email-typo:empty { display: none; }
.nu-email-typo .nu-link-button {
  display: inline; padding: 0; border: 0; background: none; min-height: 0; font: inherit;
  color: ${token("color-primary")}; font-weight: 600; text-decoration: underline; cursor: pointer;
}
.nu-email-typo .nu-link-button:focus-visible { ${focusRing} border-radius: 2px; }
.nu-email-row > .nu-button[aria-disabled="true"] { opacity: 0.6; cursor: not-allowed; }
.nu-spinner {
  width: 1em; height: 1em; border-radius: 50%;
  border: 2px solid currentColor; border-inline-end-color: transparent;
}
@media (prefers-reduced-motion: no-preference) {
  .nu-spinner { animation: nu-spin 0.8s linear infinite; }
  @keyframes nu-spin { to { transform: rotate(360deg); } }
}
`);
