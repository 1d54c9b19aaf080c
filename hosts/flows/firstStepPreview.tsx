/** @jsxImportSource preact */
/**
 * The still picture of the first step that the server wrote into the page (server/html.ts),
 * kept on screen until the flow element has drawn its step, then swapped for it in one frame. Only
 * the page the browser loaded has one; a later navigation shows the element at once.
 */
import { useEffect, useState } from "preact/hooks";

const served = typeof document === "undefined" ? null : document.querySelector(".first-step-preview");
let markup: string | null = served ? served.innerHTML : null;

/** The server's picture, as it was served (the shell renders it again over the same nodes). */
export function FirstStepPreview() {
  if (markup === null) return null;
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own markup, read back from this page (no user input); Preact leaves equal markup untouched.
    <div class="first-step-preview" inert aria-hidden="true" dangerouslySetInnerHTML={{ __html: markup }} />
  );
}

/** The element has drawn something of its own: its step, or the message that its code failed. */
function drawn(element: HTMLElement): boolean {
  return element.shadowRoot?.querySelector('[part~="flow"][data-step], [part~="load-error"]') != null;
}

/**
 * true while the picture should stay: from the first render until `element` has drawn its step.
 * After that (and on every later page) false; the picture is not shown again.
 */
export function usePreviewShown(element: { current: HTMLElement | null }, mounted: boolean): boolean {
  const [shown, setShown] = useState(markup !== null);
  useEffect(() => {
    if (!shown || !mounted) return;
    const node = element.current;
    if (!node) return;
    let frame = 0;
    let observer: MutationObserver | null = null;
    const done = () => {
      markup = null;
      setShown(false);
    };
    // The shadow root exists once the element is upgraded; its content arrives with the chunks.
    const watch = () => {
      if (drawn(node)) return done();
      if (!node.shadowRoot) {
        frame = requestAnimationFrame(watch);
        return;
      }
      observer = new MutationObserver(() => {
        if (drawn(node)) done();
      });
      observer.observe(node.shadowRoot, { childList: true, subtree: true, attributes: true });
    };
    watch();
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
    };
  }, [shown, mounted, element]);
  return shown;
}
