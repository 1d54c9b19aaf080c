/** @jsxImportSource preact */
import type { ComponentChildren } from "preact";
import { useDocumentTitle } from "../brand.ts";

export interface StaffLayoutProps {
  title: string;
  /** SPEC §2 white style (verification, result). */
  white?: boolean;
  /** The return target and its name (SPEC §2), shown as the bar's back link. */
  back?: { href: string; label: string };
  staffName: string;
  onSignOut: () => void;
  busy?: boolean;
  children?: ComponentChildren;
}

/** The staff layout: a bar with the back link (or the staff home), who is signed in, and sign-out. */
export function StaffLayout(props: StaffLayoutProps) {
  useDocumentTitle(props.title, "職員專區");
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
            職員專區
          </a>
        )}
        <span class="staff-bar-end">
          {props.staffName ? <span class="staff-bar-name">{props.staffName}</span> : null}
          <button type="button" class="staff-bar-signout" onClick={props.onSignOut}>
            登出
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
