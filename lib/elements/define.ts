import r2wc from "@r2wc/react-to-web-component";
import type { ComponentType } from "react";

type R2wcType = "string" | "number" | "boolean" | "json" | "function" | "method";

/** Attributes every nu-* element understands (DESIGN.md §4). */
export const COMMON_PROPS = {
  apiBase: "string",
  apiKey: "string",
  lang: "string",
} as const satisfies Record<string, R2wcType>;

/**
 * Registers `Component` as `<tag>` with an open shadow root. Defining is skipped when the tag
 * already exists, so the element bundle can be loaded twice on one page without throwing.
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
