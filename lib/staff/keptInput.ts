/**
 * What a staff member had typed on a tool when the server ended the session (401): kept for the page
 * that sign-in returns to, and given back there once. Only the form's own fields as typed, in this
 * tab only (sessionStorage), and only to the same staff id; forgotten when given back, after a
 * successful submit, and on a deliberate sign-out (docs/staff.md).
 */
import { $flags } from "../state/flags.ts";
import { dropKeptInput, KEPT_INPUT_KEY } from "./keptInputDrop.ts";
import { currentPath } from "./staffSession.ts";

export { dropKeptInput };

type Values = Record<string, string>;
interface Kept {
  form: string;
  path: string;
  staffId: string;
  values: Values;
}

/** Keeps `values` of `form` for this page and the signed-in staff id. */
export function keepInput(form: string, values: Values, path = currentPath()): void {
  const staffId = $flags.get().STAFF_ID;
  if (!staffId) return;
  try {
    sessionStorage.setItem(KEPT_INPUT_KEY, JSON.stringify({ form, path, staffId, values } satisfies Kept));
  } catch {
    // no storage: the form starts empty after sign-in, as before
  }
}

/** The values kept for `form` on this page by the signed-in staff id, forgotten as they are read. */
export function takeKeptInput(form: string, path = currentPath()): Values | null {
  const staffId = $flags.get().STAFF_ID;
  let kept: Partial<Kept> | null = null;
  try {
    kept = JSON.parse(sessionStorage.getItem(KEPT_INPUT_KEY) ?? "null");
  } catch {
    return null;
  }
  if (!kept) return null;
  // Someone else signed in at this tab: what was typed is not theirs to see.
  if (kept.staffId !== staffId) dropKeptInput();
  if (kept.staffId !== staffId || kept.form !== form || kept.path !== path) return null;
  dropKeptInput();
  const values: Values = {};
  for (const [name, value] of Object.entries(kept.values ?? {}))
    if (typeof value === "string") values[name] = value;
  return values;
}
