/**
 * A self-driven flow's steps in the page's history, so the phone's Back is "previous step" and
 * Forward returns (docs/flows.md#back-and-forward-on-a-brand-page).
 *
 * The page's URL is never changed: each step adds a history entry with the same URL whose state is
 * the page's own state plus one key of ours, `nu-forms`, holding each flow's step (and the step it
 * was pushed on top of). A host router sees its own state (and location) on every entry, and a
 * `popstate` whose state has no step of ours for this flow is left to the page. 上一步 to the step
 * just before goes back in history instead of pushing, as on the host pages (hosts/navigation.ts):
 * Back then leaves the flow backwards, Forward returns. `history="none"` turns it off.
 */
import { useEffect, useRef } from "react";
import type { Flow } from "../../core/types.ts";

/** The one key this module adds to `history.state`. */
export const HISTORY_STATE_KEY = "nu-forms";

/** A flow's entry: the step it shows and, when pushed, the step of the entry before it. */
interface StepEntry {
  step: string;
  back?: string;
}
type Steps = Partial<Record<Flow, StepEntry>>;

function stepsIn(state: unknown): Steps | undefined {
  if (!state || typeof state !== "object") return undefined;
  const steps = (state as Record<string, unknown>)[HISTORY_STATE_KEY];
  return steps && typeof steps === "object" ? (steps as Steps) : undefined;
}

/** The page's state with this flow's entry added (a page's non-object state cannot carry a key). */
function withStep(state: unknown, flow: Flow, entry: StepEntry): Record<string, unknown> {
  const own = state && typeof state === "object" && !Array.isArray(state) ? state : {};
  return { ...own, [HISTORY_STATE_KEY]: { ...stepsIn(state), [flow]: entry } };
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
      const step = stepsIn(event.state)?.[flow]?.step;
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
    const current = stepsIn(history.state)?.[flow];
    if (current?.step === shown) return;
    // A step the gate chose instead of the one Back asked for takes that entry's place.
    if (replace) history.replaceState(withStep(history.state, flow, { ...current, step: shown }), "");
    else if (current?.back === shown) history.back();
    else history.pushState(withStep(history.state, flow, { step: shown, back: current?.step }), "");
  }, [flow, enabled, shown]);
}
