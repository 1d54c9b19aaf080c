/**
 * A self-driven flow's steps in the page's history, so the phone's Back is "previous step" and
 * Forward returns (docs/flows.md#back-and-forward-on-a-brand-page).
 *
 * The page's URL is never changed: each step adds a history entry with the same URL whose state is
 * the page's own state plus one key of ours, `nu-forms`, holding each flow's step. A host router
 * sees its own state (and location) on every entry, and a `popstate` whose state has no step of
 * ours for this flow is left to the page. `history="none"` turns it off.
 */
import { useEffect, useRef } from "react";
import type { Flow } from "../../core/types.ts";

/** The one key this module adds to `history.state`. */
export const HISTORY_STATE_KEY = "nu-forms";

type Steps = Partial<Record<Flow, string>>;

function stepsIn(state: unknown): Steps | undefined {
  if (!state || typeof state !== "object") return undefined;
  const steps = (state as Record<string, unknown>)[HISTORY_STATE_KEY];
  return steps && typeof steps === "object" ? (steps as Steps) : undefined;
}

/** The page's state with this flow's step added (a page's non-object state cannot carry a key). */
function withStep(state: unknown, flow: Flow, step: string): Record<string, unknown> {
  const own = state && typeof state === "object" && !Array.isArray(state) ? state : {};
  return { ...own, [HISTORY_STATE_KEY]: { ...stepsIn(state), [flow]: step } };
}

/**
 * Keeps the page's history in step with the flow: a new step shown after the first pushes an
 * entry, Back or Forward to an entry of ours moves the flow with `moveTo` (which must not push).
 * `shown` is the step on screen (null while the gate decides).
 */
export function useStepHistory(
  flow: Flow,
  enabled: boolean,
  shown: string | null,
  moveTo: (step: string) => void,
): void {
  const latest = useRef({ shown, moveTo });
  latest.current = { shown, moveTo };
  /** The next step shown comes from Back/Forward (or is the first): it replaces, not pushes. */
  const replaceNext = useRef(true);

  useEffect(() => {
    if (!enabled) return;
    replaceNext.current = true;
    const listener = (event: PopStateEvent) => {
      const step = stepsIn(event.state)?.[flow];
      if (step === undefined || step === latest.current.shown) return;
      replaceNext.current = true;
      latest.current.moveTo(step);
    };
    window.addEventListener("popstate", listener);
    return () => window.removeEventListener("popstate", listener);
  }, [flow, enabled]);

  useEffect(() => {
    if (!enabled || shown === null) return;
    const replace = replaceNext.current;
    replaceNext.current = false;
    if (stepsIn(history.state)?.[flow] === shown) return;
    // A step the gate chose instead of the one Back asked for takes that entry's place.
    if (replace) history.replaceState(withStep(history.state, flow, shown), "");
    else history.pushState(withStep(history.state, flow, shown), "");
  }, [flow, enabled, shown]);
}
