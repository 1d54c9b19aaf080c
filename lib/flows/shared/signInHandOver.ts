/**
 * A sign-in step drawn before its code (the brand pages' stand-in, lib/flows/shared/signInStandIn.ts;
 * the host pages' picture, hosts/flows/firstStepPreview.tsx) is a real form: its e-mail field takes
 * focus and text natively. This keeps what the form itself cannot (a 發送電郵 pressed, an address
 * being composed) and, once the live step is there, hands it all over: what was typed, the focus,
 * the caret and the pressed button go to the live field, and the early step goes in the same task.
 *
 * A pressed 發送電郵 is an attribute of the step's form (SEND_ASKED), so the host pages' inline
 * starter (server/html.ts, before any module) and this agree on it.
 */

import { EMAIL_STATUS, SEND_ASKED } from "../../core/firstPaint.ts";
import { ENTRY_STEP } from "./stepPaths.ts";

/** The live step (or its load error) the early step gives way to, once it has been drawn. */
export interface SignInHandOverOptions {
  /** The live step, or null while it is not drawn yet. */
  live(): HTMLElement | null;
  /** The line the status shows once 發送電郵 has been pressed (the live field's own). */
  sending: string;
  /** Right before the early step goes: make the live step visible (the focus needs it shown). */
  reveal?(): void;
}

export interface SignInHandOver {
  /** Hands over if the live step is there (not while an address is being composed); true once done. */
  check(): boolean;
}

/** Keeps `frame` (an early sign-in step) usable and hands it to the live step once `check()` finds it. */
export function keepSignIn(frame: HTMLElement, options: SignInHandOverOptions): SignInHandOver {
  const form = frame.querySelector("form") as HTMLFormElement;
  const input = frame.querySelector("input") as HTMLInputElement;
  const button = frame.querySelector("button") as HTMLButtonElement;
  const status = frame.querySelector(EMAIL_STATUS) as HTMLElement;
  let composing = false;
  let done = false;
  const askSend = (event: Event) => {
    event.preventDefault();
    if (form.hasAttribute(SEND_ASKED)) return;
    form.setAttribute(SEND_ASKED, "");
    button.setAttribute("aria-disabled", "true");
    status.textContent = options.sending;
  };
  form.addEventListener("submit", askSend);
  button.addEventListener("click", askSend);
  input.addEventListener("compositionstart", () => {
    composing = true;
  });
  input.addEventListener("compositionend", () => {
    composing = false;
    check();
  });

  function check(): boolean {
    if (done) return true;
    const live = options.live();
    if (!live || composing || !frame.isConnected) return false;
    done = true;
    const focused = (frame.getRootNode() as Document | ShadowRoot).activeElement;
    const liveInput =
      live.dataset.step === ENTRY_STEP ? live.querySelector<HTMLInputElement>('input[part~="input"]') : null;
    const liveButton = liveInput
      ? live.querySelector<HTMLButtonElement>('button[part~="send-button"]')
      : null;
    if (liveInput && input.value && !liveInput.value) {
      // Setting the value leaves the caret after it, where typing left it (an e-mail field exposes
      // no selection to read: a caret moved back into the address lands at its end).
      liveInput.value = input.value;
      liveInput.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
    }
    options.reveal?.();
    frame.remove();
    if (focused === input) liveInput?.focus();
    else if (focused === button) liveButton?.focus();
    // The live field has its value once the change has rendered.
    if (liveButton && form.hasAttribute(SEND_ASKED)) setTimeout(() => liveButton.click());
    return true;
  }
  return { check };
}
