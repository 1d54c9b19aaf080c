/** @jsxImportSource preact */

import { PAGE_TEXTS } from "../../lib/core/i18n/host/pages.ts";
import { useHostLang } from "../language.ts";
import { PageShell } from "./PageShell.tsx";

export function NotFound(_: { default?: boolean }) {
  const lang = useHostLang();
  const texts = PAGE_TEXTS[lang];
  return (
    <PageShell title={texts.notFoundTitle} lang={lang}>
      <p>{texts.notFoundText}</p>
      <p>
        <a class="button" href="/">
          {texts.backHome}
        </a>
      </p>
    </PageShell>
  );
}
