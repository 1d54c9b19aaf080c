/** @jsxImportSource preact */
import { useHostLang } from "../language.ts";
import { PageShell } from "./PageShell.tsx";
import { PAGE_TEXTS } from "./pageTexts.ts";

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
