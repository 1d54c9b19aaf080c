import { useEffect, useState } from "react";
import type { ApiClient } from "../../api/index.ts";
import type { Lang } from "../../core/i18n/index.ts";
import { nameIn } from "../../core/personName.ts";
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

/**
 * How the partner is named to the customer: the clinic's name when the code is a clinic's id
 * (GET /api/clinic_list), else `fallback` — never the raw code such as `CLINIC-KT01`.
 */
export function usePartnerName(
  api: Pick<ApiClient, "clinics">,
  code: string,
  lang: Lang,
  fallback: string,
): string {
  const [name, setName] = useState("");
  useEffect(() => {
    setName("");
    if (!code) return;
    let current = true;
    api.clinics().then(
      (clinics) => {
        const clinic = clinics.find((c) => c.id.toLowerCase() === code.toLowerCase());
        if (current && clinic) setName(nameIn(lang, clinic.name_zh, clinic.name_en));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api, code, lang]);
  return name || fallback;
}
