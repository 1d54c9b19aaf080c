/** @jsxImportSource preact */
import { useEffect, useState } from "preact/hooks";
import { containsChinese } from "../../lib/core/chinese.ts";
import { PAGE_TEXTS } from "../../lib/core/i18n/host/pages.ts";
import { maintenancePageMessage } from "../../lib/core/maintenance.ts";
import { useHostLang } from "../language.ts";
import { currentQuery } from "../navigation.ts";
import { useRuntime } from "../runtime.ts";
import { PageShell } from "./PageShell.tsx";

/**
 * Shows the message passed in `?message=`, checked against the maintenance record read from the
 * configured maintenance URL (lib/core/maintenance.ts `maintenancePageMessage`: the record's
 * message while it blocks; a link's text with a phone number or web address is never shown). The
 * operator writes that message in one language; the page around it follows the visitor's.
 */
export function Maintenance(_: { path?: string }) {
  const runtime = useRuntime();
  const lang = useHostLang();
  const texts = PAGE_TEXTS[lang];
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
    <PageShell title={texts.maintenanceTitle} lang={lang}>
      <p
        class="notice"
        role="status"
        aria-busy={message === undefined}
        // The operator's own message is read out in its own language.
        lang={message ? (containsChinese(message) ? "zh-HK" : "en") : undefined}
      >
        {message === undefined ? "" : message || texts.maintenanceText}
      </p>
      <p>
        <a class="button" href="/">
          {texts.backHome}
        </a>
      </p>
    </PageShell>
  );
}
