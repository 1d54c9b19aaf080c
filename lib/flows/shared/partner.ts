import { useEffect } from "react";
import type { Flow } from "../../core/types.ts";
import { getDraft, updateDraft } from "./flowDraft.ts";

/** A partner code as it may appear in a URL: letters, digits, `-` and `_`, at most 40. */
const PARTNER_CODE = /^[A-Za-z0-9_-]{1,40}$/;

export function normalisePartner(value: string | null | undefined): string {
  const code = (value ?? "").trim();
  return PARTNER_CODE.test(code) ? code : "";
}

/**
 * Keeps the partner the customer came through (`partner` attribute, or `?partner=` passed on by
 * the host) in the draft: later steps have no query any more, and the terms page and the lead
 * need it. An absent attribute keeps what was there; an unreadable one is ignored.
 */
export function usePartner(flow: Flow, partner: string | undefined): void {
  useEffect(() => {
    const code = normalisePartner(partner);
    if (code && getDraft(flow).partner !== code) updateDraft(flow, { partner: code });
  }, [flow, partner]);
}
