/**
 * When the server refuses a staff token mid-task (signed out on another device, or ended by an
 * admin), the tool sends its page to sign-in; this note tells the sign-in form why, once, so staff
 * know that what they just pressed was not done. Kept for this tab only.
 */
const KEY = "nu-forms:staff-session-ended";

export function noteSessionEnded(): void {
  try {
    sessionStorage.setItem(KEY, "1");
  } catch {
    // no storage: the form shows its usual text
  }
}

/** Whether a session ended mid-task since the last sign-in form; forgotten as it is read. */
export function takeSessionEnded(): boolean {
  try {
    const ended = sessionStorage.getItem(KEY) === "1";
    sessionStorage.removeItem(KEY);
    return ended;
  } catch {
    return false;
  }
}
