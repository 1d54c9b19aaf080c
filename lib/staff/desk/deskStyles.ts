import { sheet } from "../../ui/sheet.ts";
import { focusRing, space, token } from "../../ui/theme.ts";

/** The lead desk's own look on top of the staff tools': tabs, filter grid, tables, bars. */
export const deskSheet = sheet(`
.nu-desk-tabs { display: flex; flex-wrap: wrap; gap: ${space(1)}; border-bottom: 1px solid ${token("color-border")}; padding-bottom: ${space(1)}; }
.nu-desk-tab {
  display: inline-flex; align-items: center; min-height: 44px; padding: 0 ${space(2)};
  border-radius: ${token("radius")}; color: ${token("color-primary")}; font-weight: 700; text-decoration: none;
  border: 1px solid transparent;
}
.nu-desk-tab:hover { border-color: ${token("color-border")}; }
.nu-desk-tab[aria-current="page"] { background: ${token("color-primary")}; color: ${token("color-primary-contrast")}; }
.nu-desk-tab:focus-visible { ${focusRing} }
.nu-desk-filters { display: grid; gap: ${space(1.5)} ${space(2)}; grid-template-columns: repeat(auto-fill, minmax(12em, 1fr)); align-items: end; }
@media (min-width: 640px) { .nu-desk-filters { grid-template-columns: repeat(3, 1fr); } }
@media (min-width: 1000px) { .nu-desk-filters--four { grid-template-columns: repeat(4, 1fr); } }
.nu-desk-filters .nu-desk-wide { grid-column: 1 / -1; }
.nu-desk-select { appearance: auto; }
.nu-desk-scroll { overflow-x: auto; }
.nu-desk-scroll:focus-visible { ${focusRing} }
.nu-desk-table { width: 100%; border-collapse: collapse; font-size: 0.9375em; }
.nu-desk-table caption { text-align: start; font-weight: 700; padding-bottom: ${space(1)}; }
.nu-desk-table th, .nu-desk-table td { text-align: start; vertical-align: top; padding: ${space(1)} ${space(1)}; border-bottom: 1px solid ${token("color-border")}; }
.nu-desk-table th { color: ${token("color-muted")}; font-weight: 600; white-space: nowrap; }
.nu-desk-table td.nu-desk-num, .nu-desk-table th.nu-desk-num { text-align: end; font-variant-numeric: tabular-nums; }
.nu-desk-table a { color: ${token("color-primary")}; font-weight: 700; }
.nu-desk-table a:focus-visible { ${focusRing} border-radius: 4px; }
.nu-desk-sub { display: block; color: ${token("color-muted")}; overflow-wrap: anywhere; }
.nu-desk-sub.nu-desk-whole { overflow-wrap: normal; white-space: nowrap; }
.nu-desk-table td.nu-desk-detail { min-width: 16em; }
.nu-desk-paging { display: flex; flex-wrap: wrap; gap: ${space(1.5)}; align-items: center; justify-content: space-between; }
.nu-desk-paging .nu-button { flex: 0 1 12em; }
.nu-desk-toolbar { display: flex; flex-wrap: wrap; gap: ${space(1.5)}; align-items: center; justify-content: space-between; }
.nu-desk-toolbar > .nu-button { flex: 0 1 14em; }
.nu-desk-danger .nu-button:not(.nu-button--secondary) { background: ${token("color-error")}; border-color: ${token("color-error")}; }
.nu-desk-danger { border: 2px solid ${token("color-error")}; border-radius: ${token("radius")}; padding: ${space(2)}; display: flex; flex-direction: column; gap: ${space(1.5)}; }
.nu-desk-funnel { display: grid; grid-template-columns: minmax(7em, 10em) 1fr 11em; gap: ${space(1)} ${space(1.5)}; align-items: center; margin: 0; }
.nu-desk-step { display: contents; }
.nu-desk-step dd { margin: 0; }
.nu-desk-bar { height: 1.5em; border-radius: 4px; background: ${token("color-primary")}; min-width: 2px; }
.nu-desk-track { background: ${token("color-background")}; border-radius: 4px; }
.nu-desk-days { display: flex; gap: 4px; align-items: flex-end; height: 9em; overflow-x: auto; padding-bottom: ${space(0.5)}; }
.nu-desk-day { display: flex; gap: 1px; align-items: flex-end; height: 100%; flex: 0 0 auto; }
.nu-desk-day > span { width: 8px; border-radius: 2px 2px 0 0; }
.nu-desk-legend { display: flex; flex-wrap: wrap; gap: ${space(1.5)}; font-size: 0.875em; }
.nu-desk-legend span::before { content: ""; display: inline-block; width: 0.8em; height: 0.8em; margin-inline-end: 0.3em; border-radius: 2px; background: var(--c); vertical-align: -0.05em; }
.nu-desk-erase { color: ${token("color-error")}; border-color: ${token("color-error")}; }
[class*="nu-desk-state--"] { white-space: nowrap; }
.nu-desk-state--failed, .nu-desk-state--stopped { color: ${token("color-error")}; }
.nu-desk-state--delivered { color: ${token("color-success")}; }
`);

/** The funnel's four steps in order, each with its colour in the per-day chart. */
export const STEP_COLOURS = ["#1d4e89", "#3f7cc0", "#2e8540", "#b35c00"] as const;
