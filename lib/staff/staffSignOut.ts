/**
 * How a staff session ends on this device: sign-out (with the server told), sign-out everywhere,
 * and a session the server refused. Small on purpose: the element bundle's entry (runtime) uses it.
 */
import type { ApiClient } from "../api/index.ts";
import { $flags, removeFlags, setFlag } from "../state/flags.ts";
import { dropKeptInput } from "./keptInputDrop.ts";
import { REMEMBERED_KEY } from "./rememberedDrop.ts";
import { STAFF_SESSION_KEYS } from "./staffSessionKeys.ts";

/** Who signed out last on this device (see `afterSignIn`): kept until the next sign-in. */
const SIGNED_OUT_KEY = "nu-forms:signed-out-staff";

export function endSession(): void {
  const staffId = $flags.get().STAFF_ID;
  try {
    if (staffId) localStorage.setItem(SIGNED_OUT_KEY, staffId);
    // What this device remembered for the staff member (remembered.ts) goes with the sign-out.
    localStorage.removeItem(REMEMBERED_KEY);
  } catch {
    // no storage: a page saved afterwards is followed by whoever signs in next
  }
  removeFlags(STAFF_SESSION_KEYS);
  dropKeptInput();
}

/** The staff id that signed out last on this device, forgotten as it is read (one sign-in). */
export function takeSignedOutStaff(): string | null {
  try {
    const staffId = localStorage.getItem(SIGNED_OUT_KEY);
    localStorage.removeItem(SIGNED_OUT_KEY);
    return staffId;
  } catch {
    return null;
  }
}

/**
 * Sign-out: this device forgets the session at once, and the server is told in the background to
 * end it (so a copy of the token is refused too). Offline, the local sign-out still happens; the
 * token then dies at its own expiry. Resolves true when the server confirmed.
 */
export function signOutStaff(client: Pick<ApiClient, "signOut">): Promise<boolean> {
  const token = $flags.get().Token;
  endSession();
  if (!token) return Promise.resolve(false);
  return client.signOut({}, { token, background: true }).then(
    () => true,
    () => false,
  );
}

/**
 * Sign-out everywhere: every session of this staff id ends on the server first (it must hear of
 * it, so a failure is thrown and the staff member stays signed in to try again), then here.
 */
export async function signOutEverywhere(client: Pick<ApiClient, "signOut">): Promise<void> {
  const token = $flags.get().Token;
  if (token) {
    try {
      await client.signOut({ everywhere: true }, { token });
    } catch (error) {
      // 401: this session had already ended, which is all that is left to do here.
      if ((error as { status?: number }).status !== 401) throw error;
    }
  }
  endSession();
}

/**
 * The server refused the staff token mid-session (expired or revoked): keep the page the staff
 * member was on, drop the token, and send them to sign in again.
 */
export function sessionExpired(currentPath: string): void {
  setFlag("redirect_url", currentPath);
  removeFlags(["Token"]);
}
