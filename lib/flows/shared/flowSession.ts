/**
 * What a flow remembers about the signed-in customer beyond the product's flags (docs/rules.md#browser-storage): the e-mail the code was
 * verified for, the lead's id once it exists (member redemption shows its QR code after a reload),
 * whether the e-mail already had a lead, and — for a self-driven element — the step it is on.
 * Kept in localStorage beside the flags (`nu-flow:<flow>:<key>`), since the flags live there too.
 */

import { persistentMap } from "@nanostores/persistent";
import type { MapStore } from "nanostores";
import { flowSessionPrefix } from "../../core/storageKeys.ts";
import type { Flow } from "../../core/types.ts";

export interface FlowSession {
  email?: string;
  leadId?: string;
  /** 'true' when verify said the e-mail already has a lead (of either flow). */
  existing?: string;
  /** 'true' once this sign-in created the lead: the member page says 登記成功, else "your member QR code". */
  justRegistered?: string;
  /** Self-driven elements only: the step shown ('login' for the entry). */
  step?: string;
  /** Why the customer was sent back to sign-in (lib/gates/customerGate's SignInReason); a sign-in clears it. */
  signInReason?: string;
  [key: string]: string | undefined;
}

const stores: Partial<Record<Flow, MapStore<FlowSession>>> = {};

export function flowSession(flow: Flow): MapStore<FlowSession> {
  stores[flow] ??= persistentMap<FlowSession>(flowSessionPrefix(flow), {});
  return stores[flow];
}

/** Forgets everything but the self-driven step (a new sign-in starts a new customer). */
export function resetFlowSession(flow: Flow, next: Omit<FlowSession, "step"> = {}): void {
  const store = flowSession(flow);
  const step = store.get().step;
  for (const key of Object.keys(store.get())) {
    if (key !== "step") store.setKey(key, undefined);
  }
  for (const [key, value] of Object.entries(next)) store.setKey(key, value);
  if (step) store.setKey("step", step);
}

/** Remembers why the gate sent the customer to sign-in, for the sign-in page to say. */
export function noteSignInReason(flow: Flow, reason: string | undefined): void {
  if (reason) flowSession(flow).setKey("signInReason", reason);
}
