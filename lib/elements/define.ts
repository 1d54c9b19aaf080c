import r2wc from "@r2wc/react-to-web-component";
import type { ComponentType } from "react";
import { lazyElement } from "./lazy.tsx";
import { COMMON_PROPS, type ElementDefinition, type R2wcType } from "./meta.ts";

export { COMMON_PROPS };

/**
 * Registers `Component` as `<tag>` with an open shadow root and the common attributes (`api-base`,
 * `api-key`, `lang`). Defining is skipped when the tag already exists, so the element bundle can
 * be loaded twice on one page without throwing.
 */
export function defineElement<P extends object>(
  tag: string,
  Component: ComponentType<P>,
  props: Record<string, R2wcType> = {},
): void {
  if (typeof customElements === "undefined" || customElements.get(tag)) return;
  const element = r2wc(Component as ComponentType<object>, {
    shadow: "open",
    props: { ...COMMON_PROPS, ...props },
  });
  customElements.define(tag, element);
}

/**
 * Defines every listed element now; each one's component code loads when the first element of
 * its tag connects (lazy.tsx). In Node (the manifest generator) nothing is defined.
 */
export function registerElements(definitions: readonly ElementDefinition[]): void {
  if (typeof customElements === "undefined") return;
  for (const { tag, load, props } of definitions) {
    if (!customElements.get(tag)) defineElement(tag, lazyElement(load), props);
  }
}
