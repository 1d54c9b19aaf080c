/**
 * The storage key of keptInput.ts and its removal, apart from it: the sign-out in the element
 * bundle's entry (staffSignOut.ts) needs only this.
 */
export const KEPT_INPUT_KEY = "nu-forms:staff-kept-input";

export function dropKeptInput(): void {
  try {
    sessionStorage.removeItem(KEPT_INPUT_KEY);
  } catch {
    // nothing was kept
  }
}
