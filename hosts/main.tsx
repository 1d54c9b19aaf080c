/** @jsxImportSource preact */
import { hydrate, render } from "preact";
import { HOST_LIVE_EVENT } from "../lib/core/hostPage.ts";
import { App } from "./App.tsx";
import { applyBrandColours } from "./brand.ts";
import { BundleLoadError } from "./pages/BundleLoadError.tsx";
import { loadRuntime } from "./runtime.ts";
import { yieldToMain } from "./yieldToMain.ts";

const mount = document.getElementById("app")!;
applyBrandColours();
// docs/rules.md#routes: every navigation starts at the top (App scrolls there on each route change); back and
// forward too, which the browser would otherwise return to where the page was left.
history.scrollRestoration = "manual";

// A page chunk that fails to load (Vite's `vite:preloadError`, left unhandled so the error reaches
// the page) reloads the page once, then offers 重新載入: hosts/lazyPage.tsx.

/** The shell's own language switch handles taps from now on; the starter kept earlier ones (server/html.ts). */
function shellIsLive(): void {
  document.dispatchEvent(new Event(HOST_LIVE_EVENT));
}

// A customer page that paints from its HTML starts this script only after that paint
// (server/html.ts). The shell's own start, the element bundle's start (it defines every tag)
// and the hydration each run in a task of their own.
yieldToMain()
  .then(loadRuntime)
  .then(
    async (runtime) => {
      await yieldToMain();
      // hydrate: the customer pages' frame and first-step picture came with the HTML
      // (server/html.ts); the shell takes over those nodes as they are, so nothing repaints.
      hydrate(<App runtime={runtime} />, mount);
      shellIsLive();
    },
    (error: unknown) => {
      console.error(
        "nu-forms: the element bundle failed to load",
        error instanceof Error ? error.message : error,
      );
      render(<BundleLoadError />, mount);
      shellIsLive();
    },
  );
