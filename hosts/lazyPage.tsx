/** @jsxImportSource preact */
import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import { BundleLoadError } from "./pages/BundleLoadError.tsx";

/**
 * Whether to reload the page for a chunk: once, until that chunk has loaded (sessionStorage
 * `nu-preload-reloaded:<chunk>`, this tab); never when storage is refused (no loop can be risked).
 */
function reloadOnce(key: string): boolean {
  try {
    if (sessionStorage.getItem(key)) return false;
    sessionStorage.setItem(key, "1");
    return true;
  } catch {
    return false;
  }
}

/**
 * A route whose code loads when it is first visited (the staff pages, and home, maintenance and
 * 404: the customer flow pages never download them). The server preloads the chunk on the route's
 * own URLs (dist/hosts/route-chunks.json), so a page usually finds it there. While it loads the
 * route shows `Placeholder` (nothing without one).
 *
 * When the chunk fails to load, the page reloads once: a deploy may have replaced the hashed chunks
 * under a page that was still open, and the new HTML names the new ones. A second failure of the
 * same chunk (after that reload, or a press of 重新載入) shows BundleLoadError with its button; a
 * failing network never reloads the page in a loop. `chunk` names the file for that "once".
 */
export function lazyPage<P extends object>(
  chunk: string,
  load: () => Promise<ComponentType<P>>,
  Placeholder?: ComponentType<P>,
): ComponentType<P> {
  const reloaded = `nu-preload-reloaded:${chunk}`;
  let loading: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  return function LazyPage(props: P) {
    const [page, setPage] = useState<ComponentType<P> | "failed" | null>(() => loaded);
    useEffect(() => {
      if (page) return;
      let live = true;
      loading ??= load().then((component) => {
        loaded = component;
        try {
          sessionStorage.removeItem(reloaded);
        } catch {
          // storage refused: nothing was kept
        }
        return component;
      });
      loading.then(
        (component) => live && setPage(() => component),
        () => {
          loading = null;
          if (!live) return;
          if (reloadOnce(reloaded)) location.reload();
          else setPage("failed");
        },
      );
      return () => {
        live = false;
      };
    }, [page]);
    if (page === "failed") return <BundleLoadError />;
    const Page = page;
    if (Page) return <Page {...props} />;
    return Placeholder ? <Placeholder {...props} /> : null;
  };
}
