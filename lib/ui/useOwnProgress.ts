import { useLayoutEffect } from "react";
import { showOwnProgress } from "../state/settings.ts";

/** While `busy`, this control's own progress (its busy label) stands in for the page's overlay. */
export function useOwnProgress(busy: boolean): void {
  useLayoutEffect(() => (busy ? showOwnProgress() : undefined), [busy]);
}
