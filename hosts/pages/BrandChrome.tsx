/** @jsxImportSource preact */

import { brandName as brandNameIn } from "../../lib/core/brand.ts";
import { HOST_TEXTS } from "../../lib/core/i18n/host/shell.ts";
import type { Lang } from "../../lib/core/i18n/index.ts";
import { BRAND } from "../brand.ts";
import { setHostLang } from "../language.ts";
import { footerLinks } from "./footerLinks.ts";

const brandName = (lang: Lang) => brandNameIn(BRAND, lang);

/** The operator's name and logo, linking home, and the switch to the other language, named in that language. */
export function BrandHeader({ lang, only }: { lang: Lang; only?: readonly Lang[] }) {
  return (
    <header class="site-header">
      <a class="brand" href="/">
        {BRAND.logoUrl ? <img class="brand-logo" src={BRAND.logoUrl} alt="" width={32} height={32} /> : null}
        <span>{brandName(lang)}</span>
      </a>
      <LangSwitch lang={lang} class="lang-switch" only={only} />
    </header>
  );
}

/**
 * The switches to the other languages, each named in its language (page header; the staff bar
 * passes `only` its two).
 */
export function LangSwitch({
  lang,
  class: className,
  only,
}: {
  lang: Lang;
  class: string;
  only?: readonly Lang[];
}) {
  return (
    <>
      {HOST_TEXTS[lang].switches
        .filter(([other]) => !only || only.includes(other))
        .map(([other, name]) => (
          <button key={other} type="button" class={className} lang={other} onClick={() => setHostLang(other)}>
            {name}
          </button>
        ))}
    </>
  );
}

/** Privacy policy, terms and contact: the operator's links, on every page (the server paints this very markup first: build/render-first-paint.tsx). */
export function BrandFooter({ lang }: { lang: Lang }) {
  const links = footerLinks(BRAND, lang);
  return (
    <footer class="site-footer">
      <nav aria-label={HOST_TEXTS[lang].siteInfo}>
        <ul>
          {links.map(([href, label]) => (
            <li key={label}>
              {/* data-native: the operator's own pages, which the router must not take for its routes. */}
              <a href={href} data-native="">
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p>{`© ${new Date().getFullYear()} ${brandName(lang)}`}</p>
    </footer>
  );
}
