/**
 * The steps after sign-in that both flows have, each in a chunk of its own (a flow's own later
 * steps are declared the same way in its file) (the sign-in step loads only what
 * it needs). A flow renders these like the components themselves; `useLaterSteps` starts their
 * download when the browser is idle once the customer has begun, so a step change waits for
 * one round trip at most (usually none). A step whose chunk fails to load shows 重試.
 */
import { useEffect } from "react";
import type { Flow } from "../../core/types.ts";
import { lazyElement, preloadWhenIdle } from "../../load/lazy.tsx";
import { isSignedIn } from "./customerSignIn.ts";
import { getDraft, listenDraft } from "./flowDraft.ts";
import { ENTRY_STEP } from "./stepPaths.ts";

export const PersonInfo = lazyElement(() => import("./PersonInfo.tsx").then((m) => m.PersonInfo));
export const Terms = lazyElement(() => import("./Terms.tsx").then((m) => m.Terms));
export const MemberQr = lazyElement(() => import("./MemberQr.tsx").then((m) => m.MemberQr));

/**
 * Downloads `steps` at idle once the customer has begun: at once where the form opens signed in,
 * past sign-in or with a code out (a reload), else when a code goes out. A first visit at the
 * empty e-mail field loads nothing more while the brand page loads (every prefetched chunk cost
 * its main thread a fetch and a module evaluation inside the page's load: total
 * blocking time); the code e-mail then takes seconds to arrive, time enough for every later step.
 */
export function useLaterSteps(flow: Flow, step: string, steps: readonly { preload: () => void }[]): void {
  const begun = step !== ENTRY_STEP || isSignedIn(flow) || getDraft(flow).codeSent;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `steps` is the flow's constant list.
  useEffect(() => {
    if (begun) return preloadWhenIdle(steps);
    let cancel = () => {};
    const stop = listenDraft(flow, (draft) => {
      if (!draft.codeSent) return;
      stop();
      cancel = preloadWhenIdle(steps);
    });
    return () => {
      stop();
      cancel();
    };
  }, [flow, begun]);
}

/**
 * Creating the lead (leadSubmit.ts) and checking the person's details (personValidation.ts): the
 * flows import them when a step submits, so the sign-in step does not carry them; prefetched with
 * the later steps.
 */
export const loadLeadSubmit = () => import("./leadSubmit.ts");
export const loadPersonValidation = () => import("./personValidation.ts");
export const submitModules = {
  preload: () => {
    loadLeadSubmit().catch(() => {});
    loadPersonValidation().catch(() => {});
  },
};
