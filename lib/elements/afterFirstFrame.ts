/**
 * Resolves once the page has drawn its first frame: at once when it has painted already (a host
 * page starts the bundle after its first paint) or when the tab is hidden (a hidden page draws
 * nothing), otherwise in the task after the next animation frame.
 *
 * The element bundle's entry waits for it before it requests the elements' code:
 * a brand page paints its own content first, and neither the download nor the registration of the
 * elements runs ahead of that paint. The elements' space is held meanwhile by the brand page's
 * `nu-form:not(:defined)` rule (docs/embedding.md: "Reserve the form's space").
 */
export function afterFirstFrame(): Promise<void> {
  return performance.getEntriesByType("paint").length > 0 ? Promise.resolve() : afterNextFrame();
}

/** Resolves in the task after the next animation frame (at once in a hidden tab, which draws none). */
export function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === "hidden") {
      resolve();
      return;
    }
    document.addEventListener("visibilitychange", () => resolve(), { once: true });
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}
