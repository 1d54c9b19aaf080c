/** @jsxImportSource preact */
import { useEffect, useState } from "preact/hooks";
import { HOST_TEXTS } from "../lib/core/i18n/host/shell.ts";
import { useHostLang } from "./language.ts";
import { useRuntime } from "./runtime.ts";

/**
 * Full-screen overlay while the global loading flag is true (docs/rules.md#routes) — unless a control already
 * shows its own progress for the request (one spinner at a time). Its spoken text is in the page's
 * language.
 */
export function LoadingOverlay() {
  const runtime = useRuntime();
  const lang = useHostLang();
  const [loading, setLoading] = useState(runtime.$settings.get().loading);
  const [ownProgress, setOwnProgress] = useState(runtime.$ownProgress.get());
  useEffect(() => runtime.$settings.subscribe((settings) => setLoading(settings.loading)), [runtime]);
  useEffect(() => runtime.$ownProgress.subscribe(setOwnProgress), [runtime]);
  if (!loading || ownProgress > 0) return null;
  return (
    <div class="loading-overlay" role="status" aria-live="polite" lang={lang}>
      {/* Said in words too: on a slow network a spinner alone over a greyed page explains nothing. */}
      <div class="loading-box">
        <span class="spinner" aria-hidden="true" />
        <span>{HOST_TEXTS[lang].loading}</span>
      </div>
    </div>
  );
}
