import { type RefObject, useCallback, useRef } from "react";
import type { NuEventDetails, NuEventName } from "./events.ts";

/** `nu-change` → `onNuChange`: the React callback prop that mirrors each event. */
type CallbackName<N extends string> = N extends `nu-${infer Rest}` ? `onNu${Capitalize<Rest>}` : never;

export type NuCallbacks<Details = NuEventDetails> = {
  [N in keyof Details & string as CallbackName<N>]?: (detail: Details[N]) => void;
};

function callbackName(name: string): string {
  const rest = name.slice("nu-".length);
  return `onNu${rest.charAt(0).toUpperCase()}${rest.slice(1)}`;
}

/**
 * Returns `emit(name, detail)`: dispatches a bubbling, composed `CustomEvent` from the component's
 * root DOM node (outside the shadow root it is retargeted to the element) and calls the matching
 * React callback prop. The callbacks are read at emit time, so an inline arrow never goes stale.
 */
export function useEmit<Details extends object = NuEventDetails>(
  ref: RefObject<Element | null>,
  callbacks: object,
): <N extends keyof Details & string>(name: N, detail: Details[N]) => void {
  const latest = useRef(callbacks);
  latest.current = callbacks;
  return useCallback(
    (name, detail) => {
      ref.current?.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
      const callback = (latest.current as Record<string, unknown>)[callbackName(name)];
      if (typeof callback === "function") callback(detail);
    },
    [ref],
  );
}

export type { NuEventName };
