/**
 * Customer sign-in and sign-out of a flow: which flags docs/rules.md#browser-storage stores, the customer token, and
 * the flow's own session (e-mail, lead id). Whether the customer is signed in and the sign-out are
 * here; starting a session after a verified code is in verifiedSignIn.ts, which loads with the
 * code entry.
 */

import type { ApiClient, ApiError } from "../../api/index.ts";
import type { FlagKey } from "../../core/storageKeys.ts";
import type { Flow } from "../../core/types.ts";
import { SIGNED_IN_FLAG } from "../../gates/customerGate.ts";
import { $flags, applyFlagChanges } from "../../state/index.ts";
import { clearDraft, getDraft } from "./flowDraft.ts";
import { resetFlowSession } from "./flowSession.ts";

/** Flags that describe one customer's progress; a new sign-in starts them afresh. */
export const PROGRESS_FLAGS = [
  "isInserted",
  "IsSelectedNUProduct",
  "RECTUITMENTFORM",
] as const satisfies readonly FlagKey[];

export function isSignedIn(flow: Flow): boolean {
  const flags = $flags.get();
  return flags[SIGNED_IN_FLAG[flow]] === "true" && Boolean(flags.CUSTOMER_TOKEN);
}

/**
 * Signs the customer out of this flow (another e-mail is about to be used): the browser forgets
 * the sign-in at once, and `api` (when given) tells the server in the background to end the
 * token's session; offline, that call fails quietly and the local sign-out stands.
 */
export function endCustomerSession(flow: Flow, api?: Pick<ApiClient, "signOut">): void {
  const token = $flags.get().CUSTOMER_TOKEN;
  applyFlagChanges({ remove: [SIGNED_IN_FLAG[flow], "CUSTOMER_TOKEN", ...PROGRESS_FLAGS] });
  resetFlowSession(flow);
  clearDraft(flow, { partner: getDraft(flow).partner });
  if (api && token) api.signOut({}, { token, background: true }).catch(() => {});
}

/** A submit refused in the browser because an earlier step is not complete (the text says which). */
export class IncompleteError extends Error {
  override readonly name = "IncompleteError";
  readonly code = "INCOMPLETE";
}

/** The API's machine code of a failure ('INTERNAL' for anything else). */
export function apiErrorCode(error: unknown): string {
  const code = (error as Partial<ApiError>)?.code;
  return typeof code === "string" ? code : "INTERNAL";
}
