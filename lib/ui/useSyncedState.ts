import { type Dispatch, type SetStateAction, useState } from "react";

/**
 * State that starts from a prop and follows it whenever the prop itself changes, while user input
 * changes the state in between. This serves both a React parent that controls `value` and an
 * element whose attribute is set once (or again later) by the page.
 */
export function useSyncedState<T>(
  prop: T,
  same: (a: T, b: T) => boolean = Object.is,
): [T, Dispatch<SetStateAction<T>>] {
  const [state, setState] = useState(prop);
  const [seen, setSeen] = useState(prop);
  if (!same(seen, prop)) {
    // Adjusting state while rendering (React's documented pattern) avoids a flash of the old value.
    setSeen(prop);
    setState(prop);
  }
  return [state, setState];
}
