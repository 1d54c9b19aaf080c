/**
 * The steps after sign-in, each in a chunk of its own (issue 11: the sign-in step loads only what
 * it needs). A flow renders these like the components themselves; `preloadLaterSteps` starts their
 * download when the browser is idle after the first step has painted, so a step change waits for
 * one round trip at most (usually none). A step whose chunk fails to load shows 重試.
 */
import { lazyElement, preloadWhenIdle } from "../../elements/lazy.tsx";

export const PersonInfo = lazyElement(() => import("./PersonInfo.tsx").then((m) => m.PersonInfo));
export const Terms = lazyElement(() => import("./Terms.tsx").then((m) => m.Terms));
export const MemberQr = lazyElement(() => import("./MemberQr.tsx").then((m) => m.MemberQr));
export const ProductStep = lazyElement(() => import("../nuform/ProductStep.tsx").then((m) => m.ProductStep));
export const CooperativePartner = lazyElement(() =>
  import("../recruitment/CooperativePartner.tsx").then((m) => m.CooperativePartner),
);
export const BabyInfo = lazyElement(() => import("../recruitment/BabyInfo.tsx").then((m) => m.BabyInfo));
export const LookingForward = lazyElement(() =>
  import("../recruitment/LookingForward.tsx").then((m) => m.LookingForward),
);

const LATER_STEPS = {
  nuform: [PersonInfo, Terms, ProductStep, MemberQr],
  recruitment: [PersonInfo, Terms, CooperativePartner, BabyInfo, LookingForward, MemberQr],
} as const;

export function preloadLaterSteps(flow: keyof typeof LATER_STEPS): () => void {
  return preloadWhenIdle(LATER_STEPS[flow]);
}
