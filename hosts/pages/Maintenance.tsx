/** @jsxImportSource preact */
import { useEffect, useState } from "preact/hooks";
import { maintenancePageMessage } from "../../lib/core/maintenance.ts";
import { currentQuery } from "../navigation.ts";
import { useRuntime } from "../runtime.ts";
import { PageShell } from "./PageShell.tsx";

const GENERIC = "系統正在維護，請稍後再試。";

/**
 * Shows the message passed in `?message=`, checked against the maintenance record read from the
 * configured maintenance URL (lib/core/maintenance.ts `maintenancePageMessage`: the record's
 * message while it blocks; a link's text with a phone number or web address is never shown).
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
