import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { sheet } from "./sheet.ts";
import { space, token } from "./theme.ts";

/** The focused element, looking through open shadow roots (the opener may sit in one). */
export function deepActiveElement(doc: Document = document): HTMLElement | null {
  let active = doc.activeElement as HTMLElement | null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement;
  return active;
}

/**
 * Opens a native `<dialog>` as modal while `open` is truthy (top layer: never clipped by the host
 * page; the browser keeps focus inside and turns Escape into a close), closes it when `open` turns
 * falsy, and gives focus back to whatever had it before opening. After every close `onClose` gets
 * the reason: the string passed to `dialog.close(reason)` ('' for Escape), or null when the dialog
 * closed because `open` turned falsy (nobody chose anything).
 *
 * `open` may name what is shown (one dialog for several documents): a change of name opens the
 * dialog again if the browser has closed it meanwhile. Its `close` event is a task of its own, and
 * a busy phone may run the next tap (another document) before it.
 *
 * `onClose` is expected to make `open` falsy. Where `open` is truthy once it has run (an element's
 * page that sets `open` again in its `nu-cancel` listener: the two values can reach the component
 * in one render), the dialog opens again.
 */
export function useModalDialog(
  dialogRef: RefObject<HTMLDialogElement | null>,
  open: boolean | string | null,
  onClose: (reason: string | null) => void,
) {
  const opener = useRef<HTMLElement | null>(null);
  const closedByProp = useRef(false);
  const latestOnClose = useRef(onClose);
  latestOnClose.current = onClose;
  const [closes, setCloses] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: after each close, `open` is looked at again.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = deepActiveElement(dialog.ownerDocument);
      dialog.returnValue = "";
      dialog.showModal();
    } else if (!open && dialog.open) {
      closedByProp.current = true;
      dialog.close();
    }
  }, [open, closes, dialogRef]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const handleClose = () => {
      // The close event of an earlier opening, arriving after the dialog was opened again.
      if (dialog.open) return;
      const back = opener.current;
      opener.current = null;
      if (back?.isConnected) back.focus();
      const reason = closedByProp.current ? null : dialog.returnValue;
      closedByProp.current = false;
      latestOnClose.current(reason);
      setCloses((count) => count + 1);
    };
    dialog.addEventListener("close", handleClose);
    return () => dialog.removeEventListener("close", handleClose);
  }, [dialogRef]);
}

/**
 * Closes an open modal `<dialog>` on a press outside its box (its backdrop), for the browsers that
 * ignore `closedby="any"`: Safari, Chrome and Edge before 134, Firefox before 141. Only a press
 * that both starts and ends outside counts (a text selection dragged out of the dialog does not).
 * Where `closedby` works the browser has closed the dialog before the `click`, and this does nothing.
 */
export function useOutsideClose(dialogRef: RefObject<HTMLDialogElement | null>, onOutside: () => void) {
  const latest = useRef(onOutside);
  latest.current = onOutside;
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // A press on the backdrop targets the dialog itself, outside its box.
    const outside = (event: MouseEvent) => {
      if (event.target !== dialog) return false;
      const box = dialog.getBoundingClientRect();
      const { clientX: x, clientY: y } = event;
      return x < box.left || x > box.right || y < box.top || y > box.bottom;
    };
    let startedOutside = false;
    const down = (event: PointerEvent) => {
      startedOutside = outside(event);
    };
    const click = (event: MouseEvent) => {
      if (dialog.open && startedOutside && outside(event)) latest.current();
      startedOutside = false;
    };
    dialog.addEventListener("pointerdown", down);
    dialog.addEventListener("click", click);
    return () => {
      dialog.removeEventListener("pointerdown", down);
      dialog.removeEventListener("click", click);
    };
  }, [dialogRef]);
}

export const dialogSheet = sheet(`
.nu-dialog {
  width: min(calc(100vw - 24px), 440px);
  max-width: none;
  max-height: calc(100dvh - 24px);
  margin: auto;
  padding: 0;
  border: 0;
  border-radius: calc(1.5 * ${token("radius")});
  background: ${token("color-surface")};
  color: ${token("color-text")};
  box-shadow: 0 12px 40px rgb(0 0 0 / 0.28);
  overflow: auto;
  overscroll-behavior: contain;
}
/* Forced colours drop the shadow: a border keeps the dialog's edge. */
@media (forced-colors: active) { .nu-dialog { border: 2px solid CanvasText; } }
.nu-dialog::backdrop { background: rgb(12 20 18 / 0.5); }
.nu-dialog-box { display: flex; flex-direction: column; gap: ${space(2)}; padding: ${space(2.5)}; }
.nu-dialog-title { font-size: 1.2em; font-weight: 700; line-height: 1.35; }
.nu-dialog-actions { display: flex; gap: ${space(1.5)}; justify-content: flex-end; flex-wrap: wrap; }
.nu-dialog-actions > .nu-button { flex: 1 1 0; }
@media (min-width: 600px) { .nu-dialog-actions > .nu-button { flex: 0 0 auto; min-width: 7em; } }
`);
