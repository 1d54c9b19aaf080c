/** @jsxImportSource preact */
import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import { BundleLoadError } from "./pages/BundleLoadError.tsx";

/**
 * A route whose code loads when it is first visited (the staff pages, and home, maintenance and
 * 404: the customer flow pages never download them). The server preloads the chunk on the route's
 * own URLs (dist/hosts/route-chunks.json), so a page usually finds it there. Nothing shows while
 * it loads; a failed load offers a reload.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  return function LazyPage(props: P) {
    const [page, setPage] = useState<ComponentType<P> | "failed" | null>(() => loaded);
    useEffect(() => {
      if (page) return;
      let live = true;
      loading ??= load().then((component) => {
        loaded = component;
        return component;
      });
      loading.then(
        (component) => live && setPage(() => component),
        () => {
          loading = null;
          if (live) setPage("failed");
        },
      );
      return () => {
        live = false;
      };
    }, [page]);
    if (page === "failed") return <BundleLoadError />;
    const Page = page;
    return Page ? <Page {...props} /> : null;
  };
}
