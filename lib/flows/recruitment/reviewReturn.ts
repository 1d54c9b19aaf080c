import type { Flow } from "../../core/types.ts";
import { getDraft, updateDraft } from "../shared/flowDraft.ts";

/**
 * 修改 on the review page opens a step that, once done, returns to the review instead of walking
 * through the steps after it again (RecruitmentForm reads the marker to pick the next step). The
 * marker lives in the draft (sessionStorage), so a reload in the middle keeps it; reaching the
 * review clears it. Only the review page's code imports this: the sign-in step's chunk stays lean.
 */
export function editFromReview(flow: Flow, step: string, go: (step: string) => void): void {
  updateDraft(flow, { returnToReview: true });
  go(step);
}

export function reviewReached(flow: Flow): void {
  if (getDraft(flow).returnToReview) updateDraft(flow, { returnToReview: false });
}
