/**
 * The steps after sign-in that both flows have, each in a chunk of its own (a flow's own later
 * steps are declared the same way in its file) (issue 11: the sign-in step loads only what
 * it needs). A flow renders these like the components themselves; `preloadLaterSteps` starts their
 * download when the browser is idle after the first step has painted, so a step change waits for
 * one round trip at most (usually none). A step whose chunk fails to load shows 重試.
 */
import { lazyElement, preloadWhenIdle } from "../../elements/lazy.tsx";

export const PersonInfo = lazyElement(() => import("./PersonInfo.tsx").then((m) => m.PersonInfo));
export const Terms = lazyElement(() => import("./Terms.tsx").then((m) => m.Terms));
export const MemberQr = lazyElement(() => import("./MemberQr.tsx").then((m) => m.MemberQr));

/** Starts downloading `steps` at idle (the flow calls it once its first step has rendered). */
export function preloadLaterSteps(steps: readonly { preload: () => void }[]): () => void {
  return preloadWhenIdle(steps);
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
