import { sheet } from "../../ui/sheet.ts";
import { focusRing, space, token } from "../../ui/theme.ts";

/**
 * What the steps after sign-in add to lib/flows/shared/styles.ts (field rows, consents, terms,
 * summaries, product choices, the member QR code). They pass it to StepLayout, which adopts it
 * when the step first shows, so these rules load with the steps' own chunks.
 */
export const laterStepSheet = sheet(`
.nu-fieldset { display: flex; flex-direction: column; gap: ${space(2)}; }
.nu-fieldset-title { font-size: 1.0625em; font-weight: 700; margin-bottom: ${space(1)}; padding: 0; }
.nu-read-only-value {
  margin: 0; padding: ${space(1)} 0; font-weight: 600; overflow-wrap: anywhere;
}
/* Breaks at @ and dots first; inside a part only when the part alone is wider than the line. */
.nu-read-only-value .nu-email-part { white-space: normal; }
.nu-row { display: grid; gap: ${space(2)}; grid-template-columns: 1fr; }
@media (min-width: 600px) { .nu-row--2 { grid-template-columns: 1fr 1fr; } }
.nu-phone-row { display: grid; gap: ${space(1.5)}; grid-template-columns: minmax(6.5em, 8.5em) 1fr; align-items: start; }
.nu-check {
  display: flex; gap: ${space(1.5)}; align-items: flex-start;
  padding: ${space(1.25)} ${space(1.5)};
  border: 1px solid ${token("color-border")}; border-radius: ${token("radius")};
  background: ${token("color-surface")}; cursor: pointer;
}
.nu-check input {
  flex: none; width: 1.35em; height: 1.35em; margin: 0.1em 0 0;
  accent-color: ${token("color-primary")};
}
.nu-check:has(input:focus-visible) { ${focusRing} border-color: ${token("color-primary")}; }
.nu-check:has(input[aria-invalid="true"]) { border-color: ${token("color-error")}; border-width: 2px; }
.nu-check-optional { color: ${token("color-muted")}; font-size: 0.875em; }
.nu-terms-text {
  max-height: 16em; overflow: auto; padding: ${space(1.5)} ${space(2)};
  border: 1px solid ${token("color-border")}; border-radius: ${token("radius")};
  background: ${token("color-background")}; font-size: 0.9375em;
}
.nu-terms-text:focus-visible { ${focusRing} }
.nu-terms-text ol { list-style: decimal; padding-inline-start: 1.25em; display: flex; flex-direction: column; gap: ${space(1)}; }
.nu-summary { display: grid; grid-template-columns: 8.5em minmax(0, 1fr); gap: ${space(0.75)} ${space(2)}; margin: 0; }
.nu-summary > div { display: contents; }
.nu-section-head { display: flex; justify-content: space-between; align-items: baseline; gap: ${space(1)}; }
.nu-summary dt { color: ${token("color-muted")}; }
.nu-summary dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
.nu-choice-list { display: grid; gap: ${space(1.5)}; grid-template-columns: 1fr; }
@media (min-width: 600px) { .nu-choice-list { grid-template-columns: 1fr 1fr; } }
.nu-choice {
  display: grid; grid-template-columns: 88px 1fr; grid-template-rows: auto 1fr; column-gap: ${space(1.5)}; row-gap: ${space(0.5)};
  align-items: start; padding: ${space(1.5)};
  border: 1px solid ${token("color-border")}; border-radius: calc(1.5 * ${token("radius")});
  background: ${token("color-surface")}; cursor: pointer; text-align: start;
}
.nu-choice:has(input:checked) { border-color: ${token("color-primary")}; box-shadow: inset 0 0 0 2px ${token("color-primary")}; }
.nu-choice:has(input:focus-visible) { ${focusRing} }
.nu-choice img {
  grid-row: 1 / span 2; width: 88px; height: 88px; object-fit: contain;
  background: ${token("color-background")}; border-radius: ${token("radius")};
}
.nu-choice:not(:has(img)) { grid-template-columns: 1fr; }
.nu-choice-head { display: flex; gap: ${space(1)}; align-items: center; font-weight: 700; }
.nu-choice-head input { flex: none; width: 1.25em; height: 1.25em; margin: 0; accent-color: ${token("color-primary")}; }
.nu-choice-text { color: ${token("color-muted")}; font-size: 0.875em; }
.nu-qr { display: flex; flex-direction: column; align-items: center; gap: ${space(1.5)}; text-align: center; }
.nu-qr img, .nu-qr-pending { width: min(72vw, 280px); height: auto; image-rendering: pixelated; background: #fff; padding: 8px; border-radius: ${token("radius")}; border: 1px solid ${token("color-border")}; }
.nu-qr-pending { display: block; aspect-ratio: 1; }
.nu-qr-pending-save { visibility: hidden; }
.nu-ref { font-size: 1.75em; font-weight: 700; letter-spacing: 0.12em; font-variant-numeric: tabular-nums; font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
.nu-status-list { display: flex; flex-direction: column; gap: ${space(0.75)}; }
.nu-status-list li { display: flex; justify-content: space-between; gap: ${space(1)}; padding: ${space(1)} ${space(1.5)}; border-radius: ${token("radius")}; background: ${token("color-background")}; }
.nu-status-done { color: ${token("color-success")}; font-weight: 700; }
`);
