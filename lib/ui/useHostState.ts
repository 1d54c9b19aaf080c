import { type Dispatch, type RefObject, type SetStateAction, useState } from "react";
import { reflectToHost } from "./host.ts";

/**
 * State that starts from the prop `name` and follows it whenever the prop itself changes, while
 * user input changes the state in between. This serves both a React parent that controls the prop
 * and an element whose attribute the page sets once, or again later.
 *
 * `commit` is the user's change: it sets the state and writes it back to the element's property
 * (r2wc reflects it to the attribute). What was written counts as the prop's last value, so a page
 * that sets the earlier value again is followed even when the element renders the two together
 * (React batches renders; a page that answers a `nu-cancel` by setting `open` again does this).
 */
export function useHostState<T>(
  ref: RefObject<Element | null>,
  name: string,
  prop: T,
  same: (a: T, b: T) => boolean = Object.is,
): [T, Dispatch<SetStateAction<T>>, (next: T) => void] {
  const [state, setState] = useState(prop);
  const [seen, setSeen] = useState(prop);
  if (!same(seen, prop)) {
    // Adjusting state while rendering (React's documented pattern) avoids a flash of the old value.
    setSeen(prop);
    setState(prop);
  }
  const commit = (next: T) => {
    setState(next);
    if (reflectToHost(ref, name, next)) setSeen(next);
  };
  return [state, setState, commit];
}
