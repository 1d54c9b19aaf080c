import type { RefObject } from "react";

/**
 * The custom element whose shadow root this component renders into directly (r2wc mounts the
 * component at the shadow root), or null when the component is used as a plain React component —
 * including inside another element's shadow tree, whose host must not be touched.
 */
export function ownHostElement(ref: RefObject<Element | null>): HTMLElement | null {
  const parent = ref.current?.parentNode;
  if (typeof ShadowRoot === "undefined" || !(parent instanceof ShadowRoot)) return null;
  const host = parent.host as HTMLElement;
  return host.localName.startsWith("nu-") ? host : null;
}

/**
 * Writes a state change back to the element's property (r2wc reflects it to the attribute), so
 * `element.value` is the current value and setting `open="true"` after a close opens again.
 * False where there is no element to write to (a plain React component).
 */
export function reflectToHost(ref: RefObject<Element | null>, prop: string, value: unknown): boolean {
  const host = ownHostElement(ref) as (HTMLElement & Record<string, unknown>) | null;
  if (!host || !(prop in host)) return false;
  if (host[prop] !== value) host[prop] = value;
  return true;
}
