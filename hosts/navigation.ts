import { createContext } from "preact";
import { route } from "preact-router";

/** The URL the router was on before the current one ("" on first load). */
export const PreviousUrlContext = createContext("");

/** Query parameters of the current location. */
export function currentQuery(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}

/** What this page keeps in `history.state` of the entries it pushes. */
interface StepEntryState {
  /** The path of the entry this one was pushed on top of. */
  nuPrevPath?: string;
}

/**
 * Moves to a step's path. When that path is the entry just before this one (上一步 after 下一步),
 * it goes back in history instead of pushing, so the browser's Back after 上一步 leaves the flow
 * backwards rather than returning to the step the customer just left (and Forward goes forward).
 */
export function routeStep(path: string): void {
  const state = history.state as StepEntryState | null;
  if (state?.nuPrevPath === new URL(path, location.href).pathname) {
    history.back();
    return;
  }
  const from = location.pathname;
  route(path);
  // preact-router pushes with no state; the new entry remembers where it came from.
  history.replaceState({ ...(history.state ?? {}), nuPrevPath: from } satisfies StepEntryState, "");
}
