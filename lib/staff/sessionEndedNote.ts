/**
 * Why the staff sign-in form shows instead of the page the staff member was on, told to the form
 * once: "ended" when the server refused the token while a tool was in use (signed out on another
 * device, ended by an admin: what they just pressed was not done), "idle" when the device signed
 * itself out after 30 idle minutes (docs/sessions.md). Kept for this tab only.
 */
const KEY = "nu-forms:staff-session-ended";

export type SessionEndReason = "ended" | "idle";

export function noteSessionEnded(reason: SessionEndReason = "ended"): void {
  try {
    sessionStorage.setItem(KEY, reason);
  } catch {
    // no storage: the form shows its usual text
  }
}

/** Why the last session ended since the last sign-in form, if it did; forgotten as it is read. */
export function takeSessionEnded(): SessionEndReason | null {
  try {
    const reason = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return reason === "idle" || reason === "ended" ? reason : null;
  } catch {
    return null;
  }
}
