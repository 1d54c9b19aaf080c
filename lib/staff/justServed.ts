/**
 * The customer whose page the counter just left (result or redeem centre), and when. The
 * verification camera ignores their code for JUST_SERVED_MS after that: their phone is often still
 * in front of it when 下一位客戶 opens it again, and reading it would bounce back to them. Typing
 * the reference or a photo still finds them. This tab only, like the camera choice
 * (useStaffApi.ts), and apart from it: the sign-in's first screen does not carry it.
 */
const SERVED_KEY = "nu-forms:staff-just-served";
export const JUST_SERVED_MS = 30_000;

export function noteServed(leadId: string, nowMs: number = Date.now()): void {
  try {
    sessionStorage.setItem(SERVED_KEY, JSON.stringify({ id: leadId, at: nowMs }));
  } catch {
    // no storage: the camera reads every code, as before
  }
}

/** Whether `leadRef` (canonical, as leadRefFrom gives it) is the customer just served, left less than JUST_SERVED_MS ago. */
export function servedJustNow(leadRef: string, nowMs: number = Date.now()): boolean {
  try {
    const served = JSON.parse(sessionStorage.getItem(SERVED_KEY) ?? "null") as { id?: unknown; at?: unknown };
    if (typeof served?.id !== "string" || typeof served.at !== "number") return false;
    const age = nowMs - served.at;
    return served.id === leadRef && age >= 0 && age < JUST_SERVED_MS;
  } catch {
    return false;
  }
}
