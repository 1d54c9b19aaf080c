/** @jsxImportSource preact */
/**
 * The first step the server wrote into the page (server/html.ts): the flow's sign-in step, a real
 * form from the first frame. It stays on screen until the flow element has drawn its step, then
 * hands over what was typed, the focus and a pressed 發送電郵 and goes, in the same task
 * (lib/flows/shared/signInHandOver.ts, as the brand pages' stand-in does). Only the page the
 * browser loaded has one; a later navigation shows the element at once.
 */
import { useEffect, useState } from "preact/hooks";
import { SERVED_STEP } from "../../lib/core/firstPaint.ts";
import { keepSignIn, type SignInHandOver } from "../../lib/flows/shared/signInHandOver.ts";

const served =
  typeof document === "undefined" ? null : document.querySelector<HTMLElement>(`.${SERVED_STEP}`);
let markup: string | null = served ? served.innerHTML : null;
const sending = served?.dataset.sending ?? "";

/** Where the element is laid out, out of sight, until it takes the step's place (hosts/styles.css). */
export const BEHIND = "form-behind-preview";

/** The server's step, as it was served (the shell renders it again over the same nodes). */
export function FirstStepPreview() {
  if (markup === null) return null;
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's own markup, read back from this page (no user input); Preact leaves equal markup untouched.
    <div class={SERVED_STEP} data-sending={sending} dangerouslySetInnerHTML={{ __html: markup }} />
  );
}

/** What the element has drawn of its own: its step, or the message that its code failed. */
function drawn(element: HTMLElement): HTMLElement | null {
  return (
    element.shadowRoot?.querySelector<HTMLElement>('[part~="flow"][data-step], [part~="load-error"]') ?? null
  );
}

/**
 * true while the served step should stay: from the first render until `element` has drawn its step
 * and the served one has handed over to it. After that (and on every later page) false; the step
 * is not shown again.
 */
export function usePreviewShown(element: { current: HTMLElement | null }, mounted: boolean): boolean {
  const [shown, setShown] = useState(markup !== null);
  const [kept, setKept] = useState<SignInHandOver | null>(null);
  useEffect(() => {
    if (!shown) return;
    const frame = document.querySelector<HTMLElement>(`.${SERVED_STEP} [part~="flow"]`);
    if (!frame) {
      markup = null;
      setShown(false);
      return;
    }
    setKept(
      keepSignIn(frame, {
        live: () => (element.current ? drawn(element.current) : null),
        sending,
        reveal() {
          // Shown and in the flow before the focus moves into it; the next render agrees.
          element.current?.classList.remove(BEHIND);
          markup = null;
          setShown(false);
        },
      }),
    );
  }, [shown, element]);
  useEffect(() => {
    if (!shown || !mounted || !kept) return;
    const node = element.current;
    if (!node) return;
    let frameRequest = 0;
    let observer: MutationObserver | null = null;
    // The shadow root exists once the element is upgraded; its content arrives with the chunks.
    const watch = () => {
      if (kept.check()) return;
      if (!node.shadowRoot) {
        frameRequest = requestAnimationFrame(watch);
        return;
      }
      observer = new MutationObserver(() => kept.check());
      observer.observe(node.shadowRoot, { childList: true, subtree: true, attributes: true });
    };
    watch();
    return () => {
      cancelAnimationFrame(frameRequest);
      observer?.disconnect();
    };
  }, [shown, mounted, kept, element]);
  return shown;
}
