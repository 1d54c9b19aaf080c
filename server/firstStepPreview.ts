/**
 * What `/customer/nuForm` paints before any script has run: a still picture of `<nu-form>`'s
 * sign-in step (heading, progress, intro, the e-mail field and its button, the hint), in the
 * element's own markup and with the element's own stylesheets (the very `sheet()`s its components
 * adopt), so the page's largest text paints with the frame (LCP).
 *
 * The picture is `inert` and `aria-hidden`: nothing in it can be focused, typed into or read out,
 * so nothing a customer does before the element is live can be lost. The host shell keeps it until
 * the element has drawn its step in the same place, then swaps the two in one frame
 * (hosts/flows/firstStepPreview.ts); e2e/host-paint.spec.ts holds both pictures to the same boxes.
 * A change to the sign-in step's markup needs the same change here (that test fails until then).
 */
import { createHash } from "node:crypto";
import type { HostLang } from "../hosts/language.ts";
import { t } from "../lib/core/i18n/index.ts";
import { NUFORM_PROGRESS } from "../lib/flows/nuform/steps.ts";
import { flowSheet } from "../lib/flows/shared/styles.ts";
import { baseSheet } from "../lib/ui/base.ts";
import { emailSheet } from "../lib/widgets/emailSheet.ts";

/** The element's rules for the sign-in step, as one inline stylesheet (allowed by its CSP hash). */
export const PREVIEW_CSS = [baseSheet, flowSheet, emailSheet].map((s) => s.cssText.trim()).join("\n");
export const PREVIEW_CSS_HASH = `'sha256-${createHash("sha256").update(PREVIEW_CSS).digest("base64")}'`;

/** The picture of the sign-in step in `lang`, or "" for a page that has none. */
export function firstStepPreview(pathname: string, lang: HostLang = "zh-HK"): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (trimmed !== "/customer/nuForm") return "";
  const text = (key: Parameters<typeof t>[1], params?: Parameters<typeof t>[2]) => t(lang, key, params);
  const progress = text("flows.progress", { current: 1, total: NUFORM_PROGRESS.length });
  return [
    '<div class="first-step-preview" inert aria-hidden="true">',
    `<div part="flow" data-step="login" class="nu-root" lang="${lang}"><section class="nu-flow"><div class="nu-step-head">`,
    `<p class="nu-step-progress">${progress}</p>`,
    `<h2 class="nu-step-title">${text("flows.nuform.entryTitle")}</h2>`,
    `<div class="nu-step-intro">${text("flows.login.intro")}</div></div>`,
    '<div class="nu-form"><div class="nu-root nu-field">',
    `<div class="nu-label">${text("login.email")}<span class="nu-required">*</span></div>`,
    '<div class="nu-email-row"><div class="nu-combobox"><input class="nu-control" type="email" tabindex="-1"></div>',
    `<button type="button" class="nu-button" tabindex="-1">${text("widgets.email.send")}</button></div>`,
    '<p class="nu-email-status"></p><p class="nu-email-typo"></p><div class="nu-root"><p class="nu-error"></p></div></div>',
    `<p class="nu-hint">${text("flows.login.sendHint")}</p></div></section></div></div>`,
  ].join("");
}
