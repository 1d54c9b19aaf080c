/**
 * Focus after navigation: a step that the customer moved to takes focus on its heading, so a
 * screen reader announces the new step and the keyboard starts at the top. Host-driven elements
 * unmount between steps, so the request is kept at module level until the next step mounts.
 */
let headingFocusRequested = false;

export function requestHeadingFocus(): void {
  headingFocusRequested = true;
}

/** True once after `requestHeadingFocus()`. */
export function takeHeadingFocusRequest(): boolean {
  const requested = headingFocusRequested;
  headingFocusRequested = false;
  return requested;
}

/**
 * Moves focus to the first field marked invalid inside `root` (document order is the visual
 * order). A radio group is marked on its container, so its checked (or first) radio takes focus.
 */
export function focusFirstInvalid(root: ParentNode | null): boolean {
  const invalid = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return false;
  const focusable = invalid.matches("input, select, textarea, button")
    ? invalid
    : (invalid.querySelector<HTMLElement>("input:checked, input, select, textarea, button") ?? invalid);
  focusable.focus();
  focusable.scrollIntoView?.({ block: "center" });
  return true;
}
