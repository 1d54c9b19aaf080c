import { type ComponentType, createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import type { MessageScope } from "./catalogues.ts";
import { lazyElement } from "./lazy.tsx";
import { attributeName, COMMON_PROPS, type ElementDefinition, type R2wcType } from "./meta.ts";

export { COMMON_PROPS };

/** Attribute text → prop, per type (the conversions @r2wc/react-to-web-component made). */
const parse: Record<R2wcType, (text: string) => unknown> = {
  string: (text) => text,
  number: (text) => Number.parseFloat(text),
  boolean: (text) => /^[ty1-9]/i.test(text),
  json: (text) => JSON.parse(text),
};

/** Prop → attribute text; undefined removes the attribute. */
function attributeText(type: R2wcType, value: unknown): string | undefined {
  if (type === "boolean") return value ? "true" : "false";
  if (value === undefined || value === null) return undefined;
  return type === "json" ? JSON.stringify(value) : String(value);
}

/**
 * What a removed or empty attribute means: "" for text set to "", false for booleans, unset
 * otherwise (r2wc kept the old value, so a page could never clear `error` or turn `disabled` off).
 */
function clearedValue(type: R2wcType, text: string | null): unknown {
  if (type === "boolean") return false;
  return type === "string" && text === "" ? "" : undefined;
}

/**
 * The element class of `Component`: an open shadow root the component renders into (the root's
 * first child is the component's own element: lib/ui/host.ts), one property per prop, reflected
 * to its kebab-case attribute (`minDays` ↔ `min-days`) and converted by type; an attribute change
 * renders again. It replaced @r2wc/react-to-web-component (1.2 kB gzip on every first step,
 * issue 11) with the same conversions, and renders through react-dom's `createRoot` (preact/compat
 * in the element bundle).
 */
export function elementClass(
  Component: ComponentType<object>,
  types: Record<string, R2wcType>,
): CustomElementConstructor {
  const attributes = new Map(Object.keys(types).map((prop) => [attributeName(prop), prop]));

  class NuElement extends HTMLElement {
    static observedAttributes = [...attributes.keys()];
    #props: Record<string, unknown> = {};
    #root: Root | null = null;

    static {
      for (const [attribute, prop] of attributes) {
        const type = types[prop] as R2wcType;
        Object.defineProperty(NuElement.prototype, prop, {
          enumerable: true,
          configurable: true,
          get(this: NuElement) {
            return this.#props[prop];
          },
          // The attribute follows (and attributeChangedCallback renders), as with r2wc: setting
          // the value the attribute already holds renders nothing.
          set(this: NuElement, value: unknown) {
            this.#props[prop] = value;
            const text = attributeText(type, value);
            if (this.getAttribute(attribute) === (text ?? null)) return;
            if (text === undefined) this.removeAttribute(attribute);
            else this.setAttribute(attribute, text);
          },
        });
      }
    }

    constructor() {
      super();
      this.attachShadow({ mode: "open" });
      for (const [attribute, prop] of attributes) {
        const text = this.getAttribute(attribute);
        if (text) this.#props[prop] = parse[types[prop] as R2wcType](text);
      }
    }

    connectedCallback() {
      this.#render();
    }

    disconnectedCallback() {
      this.#root?.unmount();
      this.#root = null;
    }

    attributeChangedCallback(attribute: string, _old: string | null, text: string | null) {
      const prop = attributes.get(attribute);
      if (!prop) return;
      const type = types[prop] as R2wcType;
      this.#props[prop] = text ? parse[type](text) : clearedValue(type, text);
      this.#render();
    }

    #render() {
      if (!this.isConnected) return;
      this.#root ??= createRoot(this.shadowRoot as ShadowRoot);
      this.#root.render(createElement(Component, { ...this.#props }));
    }
  }

  return NuElement;
}

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
  customElements.define(tag, elementClass(Component as ComponentType<object>, { ...COMMON_PROPS, ...props }));
}

/**
 * Defines every listed element now; each one's component code loads when the first element of
 * its tag connects (lazy.tsx), with the texts `messages` says it needs first (catalogues.ts). In
 * Node (the manifest generator) nothing is defined.
 */
export function registerElements(
  definitions: readonly ElementDefinition[],
  messages: MessageScope = "all",
): void {
  if (typeof customElements === "undefined") return;
  for (const { tag, load, props } of definitions) {
    if (!customElements.get(tag)) defineElement(tag, lazyElement(load, messages), props);
  }
}
