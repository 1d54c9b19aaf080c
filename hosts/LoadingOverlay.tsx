/** @jsxImportSource preact */
import { useEffect, useState } from "preact/hooks";
import { useRuntime } from "./runtime.ts";

/** Full-screen overlay while the global loading flag is true (SPEC §2). */
export function LoadingOverlay() {
  const runtime = useRuntime();
  const [loading, setLoading] = useState(runtime.$settings.get().loading);
  useEffect(() => runtime.$settings.subscribe((settings) => setLoading(settings.loading)), [runtime]);
  if (!loading) return null;
  return (
    <div class="loading-overlay" role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" />
      <span class="visually-hidden">載入中…</span>
    </div>
  );
}
