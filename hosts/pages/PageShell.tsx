/** @jsxImportSource preact */

import type { ComponentChildren } from "preact";
import type { Lang } from "../../lib/core/i18n/index.ts";
import { useDocumentTitle } from "../brand.ts";

import { BrandFooter, BrandHeader } from "./BrandChrome.tsx";

/**
 * The plain page frame of the host pages: the operator's header, one <main> and the footer.
 * `title` is the page's heading; `documentTitle` (default: the heading) names it in the tab.
 * `lang`: the language the visitor chose (hosts/language.ts `useHostLang`), for the header with
 * its switch and the footer.
 */
export function PageShell({
  title,
  documentTitle,
  children,
  wide,
  busy,
  lang,
  langs,
}: {
  title: string;
  documentTitle?: ReadonlyArray<string | null | undefined>;
  children?: ComponentChildren;
  wide?: boolean;
  busy?: boolean;
  lang: Lang;
  /** The languages the switch offers (the staff area: zh-HK and English). */
  langs?: readonly Lang[];
}) {
  useDocumentTitle(...(documentTitle ?? [title]));
  return (
    <>
      <BrandHeader lang={lang} only={langs} />
      <main class={wide ? "page page-wide" : "page"} aria-busy={busy ? "true" : undefined}>
        <h1>{title}</h1>
        {children}
      </main>
      <BrandFooter lang={lang} />
    </>
  );
}
