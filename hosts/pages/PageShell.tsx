/** @jsxImportSource preact */
import type { ComponentChildren } from "preact";
import { useEffect } from "preact/hooks";
import { useDocumentTitle } from "../brand.ts";
import { type HostLang, setDocumentLang } from "../language.ts";
import { BrandFooter, BrandHeader } from "./BrandChrome.tsx";

/**
 * The plain page frame of the host pages: the operator's header, one <main> and the footer.
 * `title` is the page's heading; `documentTitle` (default: the heading) names it in the tab.
 * `lang`: the customer pages' chosen language (header switch, footer); other pages are Chinese.
 */
export function PageShell({
  title,
  documentTitle,
  children,
  wide,
  busy,
  lang,
}: {
  title: string;
  documentTitle?: ReadonlyArray<string | null | undefined>;
  children?: ComponentChildren;
  wide?: boolean;
  busy?: boolean;
  lang?: HostLang;
}) {
  useDocumentTitle(...(documentTitle ?? [title]));
  // A page without the switch is Chinese, also when an English customer page came before it.
  useEffect(() => {
    if (lang === undefined) setDocumentLang("zh-HK");
  }, [lang]);
  return (
    <>
      <BrandHeader lang={lang} switchable={lang !== undefined} />
      <main class={wide ? "page page-wide" : "page"} aria-busy={busy ? "true" : undefined}>
        <h1>{title}</h1>
        {children}
      </main>
      <BrandFooter lang={lang} />
    </>
  );
}
