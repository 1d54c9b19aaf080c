import type { KeyboardEvent } from "react";

/**
 * True while an input method (Chinese, Japanese …) is composing: Enter then picks a character.
 * A module of its own, so a form that needs only this does not download the combobox.
 */
export function isComposing(event: KeyboardEvent): boolean {
  return event.nativeEvent.isComposing || event.keyCode === 229;
}
