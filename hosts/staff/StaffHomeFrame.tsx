/** @jsxImportSource preact */

import type { ComponentChildren } from "preact";
import { STAFF_AREA_TITLE, STAFF_LANGS } from "../../lib/core/i18n/host/shell.ts";
import type { Lang } from "../../lib/core/i18n/index.ts";

import { PageShell } from "../pages/PageShell.tsx";

/** The staff home: the page frame in the staff colours, titled 職員專區, around `<nu-staff-login>`. */
export function StaffHomeFrame({
  lang,
  busy,
  children,
}: {
  lang: Lang;
  busy?: boolean;
  children?: ComponentChildren;
}) {
  return (
    <div class="staff-area">
      <PageShell title={STAFF_AREA_TITLE[lang]} lang={lang} langs={STAFF_LANGS} busy={busy}>
        {children}
      </PageShell>
    </div>
  );
}

/**
 * The staff home before the staff pages' code has loaded: StaffPage's root around an empty frame.
 * The server paints this from the HTML (build/render-first-paint.tsx renders it at build time), and the
 * shell shows it while the code loads, so it takes the painted nodes over as they are. The frame
 * is the same signed in or out; what goes in it, the sign-in or the tools, only the browser knows.
 */
export function StaffHomeFirstPaint({ lang }: { lang: Lang }) {
  return (
    <div>
      <StaffHomeFrame lang={lang} busy />
    </div>
  );
}
