import type { Flow } from "../../core/types.ts";
import { type FlowDraft, getDraft, updateDraft } from "../shared/flowDraft.ts";

/** The review page: every answer for a last look, each section with 修改. */
export const REVIEW_STEP = "lookingForward";

/**
 * 修改 on the review page opens a step that, once done, returns to the review instead of walking
 * through the steps after it again. The marker lives in the draft (sessionStorage), so a reload in
 * the middle keeps it; reaching the review clears it.
 */
export function editFromReview(flow: Flow, step: string, go: (step: string) => void): void {
  updateDraft(flow, { returnToReview: true });
  go(step);
}

export function reviewReached(flow: Flow): void {
  if (getDraft(flow).returnToReview) updateDraft(flow, { returnToReview: false });
}

/** Where a step's submit goes: the step after it, or back to the review after a 修改. */
export function stepAfter(draft: FlowDraft, following: string): string {
  return draft.returnToReview ? REVIEW_STEP : following;
}
