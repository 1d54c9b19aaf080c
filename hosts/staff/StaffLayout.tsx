/** @jsxImportSource preact */

import type { ComponentChildren } from "preact";
import { STAFF_LANGS, staffLang } from "../../lib/core/i18n/host/shell.ts";
import { STAFF_TEXTS } from "../../lib/core/i18n/host/staff.ts";
import type { Lang } from "../../lib/core/i18n/index.ts";
import { useDocumentTitle } from "../brand.ts";
import { LangSwitch } from "../pages/BrandChrome.tsx";

export interface StaffLayoutProps {
  title: string;
  /** The white style (docs/rules.md#routes: verification, result). */
  white?: boolean;
  /** The return target and its name (docs/rules.md#routes), shown as the bar's back link. */
  back?: { href: string; label: string };
  staffName: string;
  onSignOut: () => void;
  lang: Lang;
  busy?: boolean;
  children?: ComponentChildren;
}

/**
 * The staff layout: a bar with the back link (or the staff home), who is signed in, the language
 * switch and sign-out.
 */
export function StaffLayout(props: StaffLayoutProps) {
  const texts = STAFF_TEXTS[staffLang(props.lang)];
  useDocumentTitle(props.title, texts.area);
  return (
    <div class={props.white ? "staff-area staff-white" : "staff-area"}>
      <header class="staff-bar">
        {props.back ? (
          <a class="staff-bar-link" href={props.back.href}>
            <span aria-hidden="true">‹ </span>
            {props.back.label}
          </a>
        ) : (
          <a class="staff-bar-link" href="/staff/home">
            {texts.area}
          </a>
        )}
        <span class="staff-bar-end">
          {props.staffName ? <span class="staff-bar-name">{props.staffName}</span> : null}
          <LangSwitch lang={props.lang} class="staff-bar-button" only={STAFF_LANGS} />
          <button type="button" class="staff-bar-button" onClick={props.onSignOut}>
            {texts.signOut}
          </button>
        </span>
      </header>
      <main class="page staff-page" aria-busy={props.busy ? "true" : undefined}>
        <h1>{props.title}</h1>
        {props.children}
      </main>
    </div>
  );
}
