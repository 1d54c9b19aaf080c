/**
 * The element bundle's `react` and `react-dom/client` (vite.config.ts aliases both here): the
 * part of React's API that lib/ and @nanostores/react use, served by Preact and its hooks.
 *
 * preact/compat does the same for all of React (Suspense, lazy, PureComponent, Children, portals,
 * forwardRef, …) and installs most of it as side effects the bundler cannot drop: 2.6 kB gzip on
 * every first step, against about 0.7 kB here. What stays is what changes behaviour for
 * the code we write, taken from compat (MIT, © Jason Miller): React's event names (`onChange` of a
 * text field is `input`, `onFocus`/`onBlur` bubble), SVG attributes in camelCase, `nativeEvent`,
 * and `useSyncExternalStore`. The component tests run on this module as the "preact" runtime
 * (vitest.config.ts), beside react-dom 19 and 18.
 */
import { type ComponentChild, options, render, type VNode } from "preact";
import { useEffect, useLayoutEffect, useState } from "preact/hooks";

export { Component, createContext, createElement, createRef, Fragment } from "preact";

/** React 18's API, as preact/compat says too: lib/ui/hoistedStyles.tsx renders no React 19 styles. */
export const version = "18.3.1";

export {
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "preact/hooks";

/** Events Preact would name by the prop's case (no `on…` property on elements for them). */
const LOWERCASE_EVENTS = /^on(Ani|Tra|Tou|BeforeInp|Compo)/;
/** SVG presentation attributes React spells in camelCase (`strokeWidth` is `stroke-width`). */
const SVG_CAMEL =
  /^(?:accent|alignment|arabic|baseline|cap|clip(?!PathU)|color|dominant|fill|flood|font|glyph(?!R)|horiz|image(?!S)|letter|lighting|marker(?!H|W|U)|overline|paint|pointer|shape|stop|strikethrough|stroke|text(?!L)|transform|underline|unicode|units|v|vector|vert|word|writing|x(?!C))[A-Z]/;
/** Inputs whose `change` React leaves alone (a text field's onChange is every keystroke). */
const CHANGE_ON_COMMIT = /fil|che|rad/;

function reactProps(type: string, props: Record<string, unknown>): Record<string, unknown> {
  const plain = !type.includes("-");
  const out: Record<string, unknown> = {};
  for (let name in props) {
    const value = props[name];
    const lower = name.toLowerCase();
    if (
      lower === "onchange" &&
      (type === "input" || type === "textarea") &&
      !CHANGE_ON_COMMIT.test(String(props.type))
    ) {
      name = "oninput";
    } else if (lower === "ondoubleclick") name = "ondblclick";
    else if (lower === "onfocus") name = "onfocusin";
    else if (lower === "onblur") name = "onfocusout";
    else if (LOWERCASE_EVENTS.test(name)) name = lower;
    else if (plain && SVG_CAMEL.test(name)) name = name.replace(/[A-Z0-9]/g, "-$&").toLowerCase();
    out[name] = value;
  }
  return out;
}

const nextVnode = options.vnode;
options.vnode = (vnode: VNode) => {
  if (typeof vnode.type === "string")
    vnode.props = reactProps(vnode.type, vnode.props as Record<string, unknown>) as VNode["props"];
  nextVnode?.(vnode);
};

const nextEvent = (options as { event?: (event: Event) => Event }).event;
(options as { event?: (event: Event) => Event }).event = (event) => {
  const e = (nextEvent ? nextEvent(event) : event) as Event & { nativeEvent?: Event };
  e.nativeEvent = e;
  return e;
};

interface Snapshot<T> {
  value: T;
  getSnapshot: () => T;
}

const changed = <T>(snapshot: Snapshot<T>) => !Object.is(snapshot.value, snapshot.getSnapshot());

/** React 18's store subscription (what @nanostores/react's useStore is built on); compat's algorithm. */
export function useSyncExternalStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
): T {
  const value = getSnapshot();
  const [{ snapshot }, forceUpdate] = useState({ snapshot: { value, getSnapshot } as Snapshot<T> });
  // biome-ignore lint/correctness/useExhaustiveDependencies: React's contract: check again when the subscription, value or getter changes (snapshot is one object for the component's life)
  useLayoutEffect(() => {
    snapshot.value = value;
    snapshot.getSnapshot = getSnapshot;
    if (changed(snapshot)) forceUpdate({ snapshot });
  }, [subscribe, value, getSnapshot]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: subscribe again only for a new subscription (snapshot is one object for the component's life)
  useEffect(() => {
    if (changed(snapshot)) forceUpdate({ snapshot });
    return subscribe(() => {
      if (changed(snapshot)) forceUpdate({ snapshot });
    });
  }, [subscribe]);
  return value;
}

export interface Root {
  render(children: ComponentChild): void;
  unmount(): void;
}

/** react-dom/client's root: the container is emptied once, then owned by Preact. */
export function createRoot(container: Element | DocumentFragment): Root {
  let fresh = true;
  return {
    render(children) {
      if (fresh) container.textContent = "";
      fresh = false;
      render(children, container);
    },
    unmount() {
      render(null, container);
    },
  };
}
