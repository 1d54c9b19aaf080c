/** @jsxImportSource preact */
import { PageShell } from "./PageShell.tsx";

export function NotFound(_: { default?: boolean }) {
  return (
    <PageShell title="404 找不到此頁">
      <p>你要找的頁面不存在，可能已被移除或網址有誤。</p>
      <p>
        <a class="button" href="/">
          返回首頁
        </a>
      </p>
    </PageShell>
  );
}
