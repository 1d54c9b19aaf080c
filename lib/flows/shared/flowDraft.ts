/**
 * A flow's draft: everything the customer typed until the lead is created, kept in sessionStorage
 * through lib/state's draftStore, so a reload or an element re-mounted elsewhere in the page keeps
 * the input. The idempotency key of the lead creation lives here too: a retry after a failure, a
 * time-out or a reload sends the same key, so the server never creates a second lead.
 */
import { useStore } from "@nanostores/react";
import { atom, type WritableAtom } from "nanostores";
import type { AddressEn, AddressValue, BabyInfo, Consents, Flow, MainlandAddress } from "../../core/types.ts";
import { draftStore } from "../../state/index.ts";

export interface FlowDraft {
  /** The idempotency key of this enrolment's `POST /api/lead`. */
  idempotencyKey: string;
  /** Entry page: the e-mail typed and whether a code was sent to it. */
  loginEmail: string;
  codeSent: boolean;
  /** When the last code went out (ms): the resend countdown and the code's own lifetime. */
  codeSentAt: number;
  /**
   * Code requests for `loginEmail` that may have sent an e-mail (sent, or no answer): from two on,
   * the notice says only the newest e-mail's code works.
   */
  codeSends?: number;
  residence: "HK" | "CN" | "";
  /** Partner code from the entry URL or the element's `partner` attribute. */
  partner: string;
  last_name: string;
  first_name: string;
  phone_code: string;
  phone: string;
  address: AddressValue | null;
  address_en: AddressEn | null;
  address_cn: MainlandAddress;
  consents: Consents;
  /** Recruitment form. */
  clinic_id: string;
  baby: Partial<BabyInfo>;
  /** Names of the clinic and hospital chosen, for the review page (zh and en). */
  labels: { clinic?: { zh: string; en: string }; hospital?: { zh: string; en: string } };
  /** Recruitment form: a step opened with 修改 on the review page goes back there when done. */
  returnToReview: boolean;
}

export function newIdempotencyKey(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

export function emptyDraft(): FlowDraft {
  return {
    idempotencyKey: newIdempotencyKey(),
    loginEmail: "",
    codeSent: false,
    codeSentAt: 0,
    residence: "",
    partner: "",
    last_name: "",
    first_name: "",
    phone_code: "852",
    phone: "",
    address: null,
    address_en: null,
    address_cn: { province: "", city: "", district: "", detail: "" },
    consents: { terms: false, privacy: false, marketing: false },
    clinic_id: "",
    baby: {},
    labels: {},
    returnToReview: false,
  };
}

const atoms: Partial<Record<Flow, WritableAtom<FlowDraft>>> = {};

function draftAtom(flow: Flow): WritableAtom<FlowDraft> {
  const existing = atoms[flow];
  if (existing) return existing;
  const store = draftStore<Partial<FlowDraft>>(flow);
  const saved = store.load();
  const created = atom<FlowDraft>({ ...emptyDraft(), ...(saved && typeof saved === "object" ? saved : {}) });
  created.listen((value) => {
    store.save(value);
  });
  atoms[flow] = created;
  return created;
}

export function getDraft(flow: Flow): FlowDraft {
  return draftAtom(flow).get();
}

/** Calls `listener` with every later draft of `flow`; answers the function that stops it. */
export function listenDraft(flow: Flow, listener: (draft: FlowDraft) => void): () => void {
  return draftAtom(flow).listen(listener);
}

export function updateDraft(flow: Flow, patch: Partial<FlowDraft>): void {
  const current = draftAtom(flow);
  current.set({ ...current.get(), ...patch });
}

/** Drops the draft (the lead exists, or another customer signs in) and starts an empty one. */
export function clearDraft(flow: Flow, keep: Partial<FlowDraft> = {}): void {
  draftStore(flow).clear();
  const current = draftAtom(flow);
  const fresh = { ...emptyDraft(), ...keep };
  current.set(fresh);
  // The listener saved the fresh draft again; an enrolment that just ended leaves nothing behind.
  if (Object.keys(keep).length === 0) draftStore(flow).clear();
}

export function useDraft(flow: Flow): [FlowDraft, (patch: Partial<FlowDraft>) => void] {
  const draft = useStore(draftAtom(flow));
  return [draft, (patch) => updateDraft(flow, patch)];
}
