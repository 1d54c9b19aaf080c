/** @jsxImportSource preact */
import { PageShell } from "./PageShell.tsx";

export function BundleLoadError() {
  return (
    <PageShell title="未能載入表格">
      <p role="alert">網絡不穩定，表格未能載入。請檢查網絡連線後再試。</p>
      <p>
        <button type="button" class="button" onClick={() => location.reload()}>
          重新載入
        </button>
      </p>
    </PageShell>
  );
}
