import r2wc, { type R2WCRenderer } from "@r2wc/core";
import { type ComponentType, createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import type { MessageScope } from "../load/catalogues.ts";
import { lazyElement } from "../load/lazy.tsx";
import { attributeName, COMMON_PROPS, type ElementDefinition, type R2wcType } from "./meta.ts";

export { COMMON_PROPS };

/**
 * The renderer @r2wc/react-to-web-component passes to @r2wc/core, written with named imports:
 * that package's `import React from "react"` takes React's whole API into the element bundle
 * (a bigger bundle), named ones let the bundler drop what is unused.
 */
const renderer: R2WCRenderer<object, { root: Root; Component: ComponentType<object> }> = {
  mount(container, Component, props) {
    // A sign-in step drawn before the code arrived (lib/flows/shared/signInStandIn.ts) stays, with
    // its focus and what is being typed, until the live step replaces it: the root renders beside
    // it, in a box of its own (`display: contents`), never over it.
    let target: Element | DocumentFragment = container;
    if ([...container.children].some((child) => child.classList.contains("nu-stand-in"))) {
      target = document.createElement("div");
      // .nu-root: no text property of the brand page is inherited by it either (lib/ui/base.ts).
      target.className = "nu-root nu-live";
      container.append(target);
    }
    const root = createRoot(target);
    root.render(createElement(Component, props));
    return { root, Component };
  },
  update({ root, Component }, props) {
    root.render(createElement(Component, props));
  },
  unmount({ root }) {
    root.unmount();
  },
};

// r2wc keeps its state under these registered symbols (@r2wc/core).
const R2WC_PROPS = Symbol.for("r2wc.props");
const R2WC_RENDER = Symbol.for("r2wc.render");

type R2wcInstance = HTMLElement & {
  [R2WC_PROPS]: Record<string, unknown>;
  [R2WC_RENDER](): void;
  attributeChangedCallback(name: string, old: string | null, value: string | null): void;
};

const camelCase = (attribute: string) => attribute.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * r2wc ignores an attribute that is removed or set to "" (the prop keeps its old value), so a page
 * could never clear `error` or `message`, or turn `disabled` off by removing it. This subclass
 * gives such changes their plain-HTML meaning: "" for text, false for booleans, unset otherwise.
 * It also picks up properties a page set before the tag was defined (they win over the markup),
 * parses list and object props itself (JSON text as attribute or property, a bad one refused with
 * a warning), and takes over the shadow root of a sign-in stand-in.
 */
function withClearableAttributes(Base: CustomElementConstructor, types: Record<string, R2wcType>) {
  const Element = Base as unknown as new () => R2wcInstance;
  const jsonProps = Object.keys(types).filter((prop) => types[prop] === "json");
  const Defined = class extends Element {
    /** The attribute text this element is writing itself (a property reflected), not to parse again. */
    reflecting: string | null = null;

    constructor() {
      super();
      // A page script may set a property before the bundle has defined the tag (the entry waits
      // for the first frame): the value then sits on the element itself and would hide the
      // class's accessor. Hand it over, as if set now.
      const own = this as unknown as Record<string, unknown>;
      for (const prop of Object.keys(types)) {
        if (!Object.hasOwn(own, prop)) continue;
        const value = own[prop];
        delete own[prop];
        own[prop] = value;
      }
    }

    // The shadow root a sign-in stand-in has drawn into already is the element's own.
    override attachShadow(init: ShadowRootInit): ShadowRoot {
      return this.shadowRoot ?? super.attachShadow(init);
    }

    override attributeChangedCallback(name: string, old: string | null, value: string | null) {
      // The upgrade queues a call for each markup attribute before the constructor runs: when the
      // hand-over above has since changed the attribute, that call is stale and must not undo it.
      if (value !== this.getAttribute(name)) return;
      const prop = camelCase(name);
      if (types[prop] === "json") {
        if (value !== null && value === this.reflecting) return;
        if (value === null || value === "") this[R2WC_PROPS][prop] = undefined;
        else {
          const parsed = parseJson(this, prop, value);
          if (!parsed.ok) return;
          this[R2WC_PROPS][prop] = parsed.value;
        }
        if (this.isConnected) this[R2WC_RENDER]();
        return;
      }
      super.attributeChangedCallback(name, old, value);
      if (value !== null && value !== "") return;
      const type = types[prop];
      if (!type) return;
      this[R2WC_PROPS][prop] =
        type === "boolean" ? false : type === "string" && value === "" ? "" : undefined;
      if (this.isConnected) this[R2WC_RENDER]();
    }
  };
  // A list or object prop takes the value itself or its JSON text, as a property or an attribute
  // alike: frameworks (React 19, Vue, Svelte) set a property whenever the element has one, so the
  // text written in their markup arrives here as a string.
  for (const prop of jsonProps) {
    Object.defineProperty(Defined.prototype, prop, {
      configurable: true,
      enumerable: true,
      get(this: InstanceType<typeof Defined>) {
        return this[R2WC_PROPS][prop];
      },
      set(this: InstanceType<typeof Defined>, value: unknown) {
        let next = value;
        if (typeof value === "string") {
          if (value === "") next = undefined;
          else {
            const parsed = parseJson(this, prop, value);
            if (!parsed.ok) return;
            next = parsed.value;
          }
        }
        this[R2WC_PROPS][prop] = next;
        const attribute = attributeName(prop);
        const text = next === undefined || next === null ? null : JSON.stringify(next);
        this.reflecting = text;
        try {
          if (text === null) this.removeAttribute(attribute);
          else if (this.getAttribute(attribute) !== text) this.setAttribute(attribute, text);
        } finally {
          this.reflecting = null;
        }
        if (this.isConnected) this[R2WC_RENDER]();
      },
    });
  }
  return Defined as unknown as CustomElementConstructor;
}

/** The JSON text of a list or object prop; text that is not JSON is refused with a warning. */
function parseJson(
  element: Element,
  prop: string,
  text: string,
): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    console.warn(
      `nu-forms: <${element.localName}> ${prop}: not valid JSON, ignored (kept the previous value): ${text.slice(0, 80)}`,
    );
    return { ok: false };
  }
}

/** The element class of `Component`: r2wc's, with an open shadow root and clearable attributes. */
export function elementClass(
  Component: ComponentType<object>,
  types: Record<string, R2wcType>,
): CustomElementConstructor {
  // r2wc knows no type "nu-json": it leaves those props to withClearableAttributes (no JSON.parse
  // that throws in its constructor, no string property stored as it came).
  const r2wcTypes = Object.fromEntries(
    Object.entries(types).map(([prop, type]) => [prop, type === "json" ? "nu-json" : type]),
  ) as Record<string, R2wcType>;
  return withClearableAttributes(r2wc(Component, { shadow: "open", props: r2wcTypes }, renderer), types);
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
  for (const { tag, load, props, messages: own } of definitions) {
    if (!customElements.get(tag)) defineElement(tag, lazyElement(load, own ?? messages), props);
  }
}
