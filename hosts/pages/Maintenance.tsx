/** @jsxImportSource preact */
import { currentQuery } from "../navigation.ts";
import { PageShell } from "./PageShell.tsx";

/** Shows the message the maintenance check passed in `?message=` (as text, never as HTML). */
export function Maintenance(_: { path?: string }) {
  const message = currentQuery().get("message")?.trim();
  return (
    <PageShell title="系統維護中">
      <p class="notice" role="status">
        {message || "系統正在維護，請稍後再試。"}
      </p>
      <p>
        <a class="button" href="/">
          返回首頁
        </a>
      </p>
    </PageShell>
  );
}
