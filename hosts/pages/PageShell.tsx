/** @jsxImportSource preact */
import type { ComponentChildren } from "preact";

/** The plain page frame of the host pages: a header with the product name and one <main>. */
export function PageShell({
  title,
  children,
  wide,
  busy,
}: {
  title: string;
  children?: ComponentChildren;
  wide?: boolean;
  busy?: boolean;
}) {
  return (
    <>
      <header class="site-header">
        <a class="brand" href="/">
          nu-forms
        </a>
      </header>
      <main class={wide ? "page page-wide" : "page"} aria-busy={busy ? "true" : undefined}>
        <h1>{title}</h1>
        {children}
      </main>
    </>
  );
}
