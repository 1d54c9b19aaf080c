import { useId } from "react";

/**
 * Stable, unique ids for the parts of one component (`ids.label`, `ids.error` …), for
 * `aria-labelledby` / `aria-describedby` / `aria-controls`. Ids are unique inside one React root;
 * each element has its own shadow root, so they never collide across elements.
 */
export function useIds<const K extends string>(...parts: K[]): Record<K, string> {
  const base = `nu${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  return Object.fromEntries(parts.map((part) => [part, `${base}-${part}`])) as Record<K, string>;
}
