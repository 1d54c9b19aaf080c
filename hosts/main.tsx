/** @jsxImportSource preact */
import { render } from "preact";
import { App } from "./App.tsx";
import { applyBrandColours } from "./brand.ts";
import { BundleLoadError } from "./pages/BundleLoadError.tsx";
import { loadRuntime } from "./runtime.ts";

const mount = document.getElementById("app")!;
applyBrandColours();

// A deploy can replace the hashed chunks under a page that is still open: reload once.
window.addEventListener("vite:preloadError", (event) => {
  if (sessionStorage.getItem("nu-preload-reloaded")) return;
  sessionStorage.setItem("nu-preload-reloaded", "1");
  event.preventDefault();
  location.reload();
});

loadRuntime().then(
  (runtime) => {
    sessionStorage.removeItem("nu-preload-reloaded");
    render(<App runtime={runtime} />, mount);
  },
  (error: unknown) => {
    console.error(
      "nu-forms: the element bundle failed to load",
      error instanceof Error ? error.message : error,
    );
    render(<BundleLoadError />, mount);
  },
);
