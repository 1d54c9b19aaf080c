/** @jsxImportSource preact */
import { useHostLang } from "../language.ts";
import { PageShell } from "./PageShell.tsx";

/** In the shell itself, with its texts: it shows when the network failed to bring other code. */
const TEXTS = {
  "zh-HK": {
    title: "未能載入表格",
    text: "網絡不穩定，表格未能載入。請檢查網絡連線後再試。",
    reload: "重新載入",
  },
  en: {
    title: "The form could not be loaded",
    text: "The network is unstable and the form could not be loaded. Please check your connection and try again.",
    reload: "Reload",
  },
} as const;

export function BundleLoadError() {
  const lang = useHostLang();
  const texts = TEXTS[lang];
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
