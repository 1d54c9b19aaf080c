import { sheet } from "../../ui/sheet.ts";
import { focusRing, space, token } from "../../ui/theme.ts";

/** Layout of a flow step: heading, progress, the form's sections and its action row. */
export const flowSheet = sheet(`
/* Until the first step shows, the height the element reserved while loading (lib/load/lazy.tsx). */
.nu-root[part~="flow"]:not([data-step]) { min-height: var(--nu-loading-height, 0px); }
.nu-flow { display: flex; flex-direction: column; gap: ${space(2.5)}; max-width: 40em; margin-inline: auto; }
.nu-step-head { display: flex; flex-direction: column; gap: ${space(0.5)}; }
.nu-step-progress { color: ${token("color-muted")}; font-size: 0.875em; font-weight: 600; }
.nu-step-title { font-size: 1.375em; font-weight: 700; line-height: 1.3; outline: none; }
.nu-step-title:focus-visible { ${focusRing} border-radius: 4px; }
.nu-step-intro { color: ${token("color-muted")}; display: flex; flex-direction: column; gap: ${space(0.5)}; }
.nu-step-lead { color: ${token("color-text")}; }
.nu-form { display: flex; flex-direction: column; gap: ${space(2.5)}; }
.nu-actions { display: flex; flex-wrap: wrap; gap: ${space(1.5)}; align-items: center; }
.nu-actions > .nu-button { flex: 2 1 10em; }
.nu-actions > .nu-button--back { flex: 1 1 6em; }
/* Inline in a line of text; the vertical padding makes a 44 px target without moving the line. */
.nu-link-button {
  display: inline; padding: 10px 0; border: 0; background: none; min-height: 0;
  color: ${token("color-primary")}; font-weight: 600; text-decoration: underline; cursor: pointer;
}
.nu-link-button:focus-visible { ${focusRing} border-radius: 2px; }
.nu-notice {
  overflow-wrap: anywhere;
  padding: ${space(1.5)} ${space(2)};
  border-radius: ${token("radius")};
  background: ${token("color-background")};
  border-inline-start: 4px solid ${token("color-primary")};
}
/* A line focused for screen readers (SignedInPanel): the theme's ring from the keyboard, none from a tap. */
.nu-notice > [tabindex="-1"] { outline: none; }
.nu-notice > [tabindex="-1"]:focus-visible { ${focusRing} border-radius: 2px; }
.nu-notice--warning { border-inline-start-color: ${token("color-accent")}; font-weight: 600; }
.nu-notice--reason { border-inline-start-color: ${token("color-info")}; }
/* An address breaks before its @ and dots only (EmailText), never inside a part (cx-‸signin). */
.nu-email-part { white-space: nowrap; }
.nu-code-input { letter-spacing: 0.4em; font-variant-numeric: tabular-nums; font-size: 1.25em; }
`);
