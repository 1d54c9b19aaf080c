import type { Locator } from "@playwright/test";

/**
 * Dispatches an Enter keydown on `field`, as during Chinese composition (`composing`) or not;
 * true when the form refused it (preventDefault).
 */
export function enterPrevented(field: Locator, composing: boolean): Promise<boolean> {
  return field.evaluate((input, isComposing) => {
    const event = new KeyboardEvent("keydown", {
      key: "Enter",
      isComposing,
      bubbles: true,
      cancelable: true,
      composed: true,
    });
    input.dispatchEvent(event);
    return event.defaultPrevented;
  }, composing);
}
