/** @jsxImportSource preact */

import { brandName } from "../../lib/core/brand.ts";
import { PAGE_TEXTS } from "../../lib/core/i18n/host/pages.ts";
import { NUFORM_BASE, RECRUITMENT_BASE } from "../../lib/core/routes.ts";
import { BRAND } from "../brand.ts";
import { useHostLang } from "../language.ts";
import { PageShell } from "./PageShell.tsx";

export function Home(_: { path?: string }) {
  const lang = useHostLang();
  const texts = PAGE_TEXTS[lang];
  return (
    <PageShell title={texts.homeTitle(brandName(BRAND, lang))} lang={lang}>
      <p class="lead">{texts.homeLead}</p>
      <ul class="choices">
        <li>
          <a class="choice" href={NUFORM_BASE}>
            <strong>{texts.nuformChoice}</strong>
            <span>{texts.nuformChoiceHint}</span>
          </a>
        </li>
        <li>
          <a class="choice" href={RECRUITMENT_BASE}>
            <strong>{texts.recruitmentChoice}</strong>
            <span>{texts.recruitmentChoiceHint}</span>
          </a>
        </li>
        <li>
          <a class="choice choice-staff" href="/staff/home">
            <strong>{texts.staffChoice}</strong>
            <span>{texts.staffChoiceHint}</span>
          </a>
        </li>
      </ul>
    </PageShell>
  );
}
