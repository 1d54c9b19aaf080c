import { sheet } from "../ui/sheet.ts";
import { focusRing, space, token } from "../ui/theme.ts";

/** The look the staff tools share: panels, fact lists, status badges, action rows. */
export const staffSheet = sheet(`
.nu-staff { display: flex; flex-direction: column; gap: ${space(2.5)}; }
.nu-panel {
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
  padding: ${space(2.5)};
  border: 1px solid ${token("color-border")};
  border-radius: calc(1.5 * ${token("radius")});
  background: ${token("color-surface")};
}
.nu-panel-title { font-size: 1.2em; font-weight: 700; line-height: 1.35; }
.nu-panel-intro { color: ${token("color-muted")}; }
.nu-form { display: flex; flex-direction: column; gap: ${space(2)}; }
.nu-actions { display: flex; flex-wrap: wrap; gap: ${space(1.5)}; }
.nu-actions > .nu-button { flex: 1 1 12em; }
.nu-row { display: flex; gap: ${space(1)}; align-items: flex-end; flex-wrap: wrap; }
.nu-row > .nu-field { flex: 1 1 12em; }
.nu-row > .nu-button { flex: 0 0 auto; }

.nu-facts { margin: 0; display: grid; grid-template-columns: minmax(6em, max-content) 1fr; gap: ${space(1)} ${space(2)}; }
.nu-facts > div { display: contents; }
.nu-facts dt { color: ${token("color-muted")}; font-weight: 600; max-width: 8em; }
.nu-facts dd { margin: 0; overflow-wrap: anywhere; }
@media (max-width: 359px) { .nu-facts { grid-template-columns: 1fr; gap: 0; } .nu-facts dd { margin-bottom: ${space(1)}; } }

.nu-ref { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; letter-spacing: 0.06em; font-weight: 700; }

.nu-badge {
  display: inline-flex;
  align-items: center;
  padding: 0.1em 0.6em;
  border-radius: 999px;
  font-size: 0.875em;
  font-weight: 700;
  white-space: nowrap;
  border: 1px solid currentColor;
}
.nu-badge--done { color: ${token("color-success")}; }
.nu-badge--open { color: ${token("color-muted")}; }

.nu-redemptions { display: flex; flex-direction: column; gap: ${space(1.5)}; }
.nu-redemption {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${space(1)};
  padding: ${space(1.5)};
  border-radius: ${token("radius")};
  background: ${token("color-background")};
}
.nu-redemption-name { font-weight: 700; }
.nu-redemption-detail { width: 100%; color: ${token("color-muted")}; font-size: 0.9375em; }

.nu-notice {
  padding: ${space(1.5)} ${space(2)};
  border-radius: ${token("radius")};
  border: 1px solid ${token("color-info")};
  background: color-mix(in srgb, ${token("color-info")} 8%, ${token("color-surface")});
}
.nu-warning {
  display: flex;
  gap: ${space(1.5)};
  align-items: flex-start;
  margin: 0;
  padding: ${space(1.5)} ${space(2)};
  border-radius: ${token("radius")};
  border: 2px solid ${token("color-warning")};
  background: ${token("color-warning-bg")};
  color: ${token("color-text")};
  font-weight: 600;
}
.nu-warning-mark {
  flex: none;
  display: inline-grid;
  place-items: center;
  width: 1.5em;
  height: 1.5em;
  border-radius: 50%;
  background: ${token("color-warning")};
  color: #fff;
  font-weight: 800;
}
.nu-success {
  padding: ${space(1.5)} ${space(2)};
  border-radius: ${token("radius")};
  border: 1px solid ${token("color-success")};
  background: color-mix(in srgb, ${token("color-success")} 8%, ${token("color-surface")});
  color: ${token("color-text")};
}
.nu-link-button {
  padding: 0;
  border: 0;
  background: none;
  color: ${token("color-primary")};
  text-decoration: underline;
  cursor: pointer;
  min-height: 44px;
  text-align: start;
}
.nu-link-button:focus-visible { ${focusRing} border-radius: 4px; }
.nu-status:empty { display: none; }
.nu-muted { color: ${token("color-muted")}; }
.nu-confirm-inline {
  display: flex; flex-direction: column; gap: ${space(1.5)};
  padding: ${space(1.5)} ${space(2)}; border-radius: ${token("radius")};
  border: 2px solid ${token("color-warning")}; background: ${token("color-warning-bg")};
}

.nu-tools { display: grid; gap: ${space(1.5)}; }
@media (min-width: 640px) { .nu-tools { grid-template-columns: repeat(2, 1fr); } }
.nu-session .nu-actions > .nu-button { flex: 0 1 14em; }
.nu-everywhere { display: flex; flex-wrap: wrap; align-items: center; gap: 0 ${space(2)}; font-size: 0.9375em; }
.nu-tool {
  display: flex;
  flex-direction: column;
  gap: ${space(0.5)};
  width: 100%;
  height: 100%;
  min-height: 48px;
  padding: ${space(2)};
  border: 1px solid ${token("color-border")};
  border-radius: ${token("radius")};
  background: ${token("color-surface")};
  text-align: start;
  cursor: pointer;
  outline: none;
}
.nu-tool:hover { border-color: ${token("color-primary")}; }
.nu-tool:focus-visible { ${focusRing} border-color: ${token("color-primary")}; }
.nu-tool-title { font-size: 1.125em; font-weight: 700; color: ${token("color-primary")}; }
.nu-tool-hint { color: ${token("color-muted")}; }
`);
