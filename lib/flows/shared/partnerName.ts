import { useEffect, useState } from "react";
import type { ApiClient } from "../../api/index.ts";
import type { Lang } from "../../core/i18n/index.ts";
import { nameIn } from "../../core/personName.ts";

/**
 * How the partner is named to the customer: the clinic's name when the code is a clinic's id
 * (GET /api/clinic_list), else `fallback` — never the raw code such as `CLINIC-KT01`. For the terms
 * step; apart from partner.ts, which the sign-in step loads.
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
