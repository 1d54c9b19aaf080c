import { atom, map } from "nanostores";
import type { Settings } from "../core/types.ts";

/** App settings (docs/rules.md#routes): `loading` drives the full-screen loading overlay. */
export const $settings = map<Settings>({ loading: false });

let pending = 0;

/**
 * Marks one piece of work (a request) as running. `loading` stays true until every started piece
 * has ended, so overlapping requests do not switch the overlay off early. The returned function
 * ends this piece; calling it again does nothing.
 */
export function startLoading(): () => void {
  pending += 1;
  if (pending === 1) $settings.setKey("loading", true);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    pending -= 1;
    if (pending === 0) $settings.setKey("loading", false);
  };
}

/** How many started pieces of work have not ended yet. */
export function pendingLoads(): number {
  return pending;
}

/**
 * How many controls show their own progress right now (a button reading 兌換中…): while any does,
 * the full-screen overlay stays away, so the page never shows two spinners for one request.
 */
export const $ownProgress = atom(0);

/** Marks a control as showing its own progress; the returned function ends that (once). */
export function showOwnProgress(): () => void {
  $ownProgress.set($ownProgress.get() + 1);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    $ownProgress.set($ownProgress.get() - 1);
  };
}
