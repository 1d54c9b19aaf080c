/** @jsxImportSource preact */
import { LOAD_ERROR_TEXTS } from "../../lib/core/i18n/host/shell.ts";
import { useHostLang } from "../language.ts";

/** In the shell itself: it shows when the network failed to bring other code. */
import { PageShell } from "./PageShell.tsx";

export function BundleLoadError() {
  const lang = useHostLang();
  const texts = LOAD_ERROR_TEXTS[lang];
  return (
    <PageShell title={texts.title} lang={lang}>
      <p role="alert">{texts.text}</p>
      <p>
        <button type="button" class="button" onClick={() => location.reload()}>
          {texts.reload}
        </button>
      </p>
    </PageShell>
  );
}
