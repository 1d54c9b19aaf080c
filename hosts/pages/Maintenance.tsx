/** @jsxImportSource preact */
import { useEffect, useState } from "preact/hooks";
import { maintenancePageMessage } from "../../lib/core/maintenance.ts";
import { currentQuery } from "../navigation.ts";
import { useRuntime } from "../runtime.ts";
import { PageShell } from "./PageShell.tsx";

const GENERIC = "系統正在維護，請稍後再試。";

/**
 * Shows the message of the maintenance record that blocks now, read from the configured
 * maintenance URL. The link's `?message=` only picks which of the record's messages; its own text
 * is never shown, so nobody can put a convincing fake notice on the brand's domain.
 */
export function Maintenance(_: { path?: string }) {
  const runtime = useRuntime();
  const [message, setMessage] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const requested = currentQuery().get("message");
    runtime.loadMaintenance().then(
      (record) => live && setMessage(maintenancePageMessage(record, requested)),
      () => live && setMessage(null),
    );
    return () => {
      live = false;
    };
  }, [runtime]);
  return (
    <PageShell title="系統維護中">
      <p class="notice" role="status" aria-busy={message === undefined}>
        {message === undefined ? "" : message || GENERIC}
      </p>
      <p>
        <a class="button" href="/">
          返回首頁
        </a>
      </p>
    </PageShell>
  );
}
