/**
 * What paints before the runtime, rendered from the components themselves (docs/ARCHITECTURE.md#the-first-paint):
 * each flow's sign-in step (`<NuForm step="login">`, `<RecruitmentForm step="login">`, React DOM's
 * server renderer), the host pages' frame (hosts/pages/PageShell.tsx, Preact's) and the staff
 * home's (hosts/staff/StaffHomeFrame.tsx), with markers
 * for the texts, the language and the brand (lib/core/firstPaint.ts). The element build puts the
 * steps into the sign-in stand-in (build/first-paint.ts); the host build writes it all to
 * dist/hosts/first-paint.json, which the server fills in for each page (server/html.ts).
 *
 * `node --import tsx build/render-first-paint.tsx` prints the JSON.
 */
import { h, type VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import { renderToStaticMarkup } from "react-dom/server";
import type { FirstPaint } from "../lib/core/firstPaint.ts";
import { FLOW_TITLES } from "../lib/core/i18n/host/shell.ts";
import { LANGS, type Lang, type MessageKey, messages } from "../lib/core/i18n/index.ts";
import { WIDGET_TEXT_MODULES } from "../lib/core/i18n/widgetTextModules.ts";
import type { Flow } from "../lib/core/types.ts";
import { NuForm } from "../lib/flows/nuform/NuForm.tsx";
import { RecruitmentForm } from "../lib/flows/recruitment/RecruitmentForm.tsx";
import { flowSheet } from "../lib/flows/shared/styles.ts";
import { baseSheet } from "../lib/ui/base.ts";
import { emailSheet } from "../lib/widgets/emailSheet.ts";

// The steps are the element's, whose sheets are adopted into its shadow root (here: FirstPaint.css):
// no React 19 style elements in their markup, as in the element builds (lib/ui/styles.ts).
Object.assign(globalThis, { __NU_HOISTED_STYLES__: false });

const FLOWS: Record<Flow, typeof NuForm> = { nuform: NuForm, recruitment: RecruitmentForm };

/** Every text of `lang` as its marker: `⟦key⟧`, `⟦key name={name}⟧` where it takes parameters. */
function markerCatalogue(lang: Lang): Record<MessageKey, string> {
  return Object.fromEntries(
    Object.entries(messages[lang]).map(([key, text]) => {
      const params = [...text.matchAll(/\{(\w+)\}/g)].map(([, name]) => ` ${name}={${name}}`);
      return [key, `⟦${key}${[...new Set(params)].join("")}⟧`];
    }),
  ) as Record<MessageKey, string>;
}

/** The sign-in step of `flow` as its element draws it in `lang`, every text a marker. */
function step(flow: Flow, lang: Lang): string {
  const catalogues = messages as Record<Lang, Record<MessageKey, string>>;
  const saved = catalogues[lang];
  const savedWidgets = WIDGET_TEXT_MODULES.map((texts) => texts[lang]);
  catalogues[lang] = markerCatalogue(lang);
  for (const texts of WIDGET_TEXT_MODULES) texts[lang] = messages[lang];
  try {
    const Form = FLOWS[flow];
    return renderToStaticMarkup(<Form step="login" lang={lang} />);
  } finally {
    catalogues[lang] = saved;
    WIDGET_TEXT_MODULES.forEach((texts, i) => {
      texts[lang] = savedWidgets[i];
    });
  }
}

/** One template for both languages: they must differ only in `lang` (else this format needs one per language). */
function stepTemplate(flow: Flow): string {
  const [first, ...others] = LANGS.map((lang) =>
    step(flow, lang).replaceAll(`lang="${lang}"`, `lang="⟦@lang⟧"`),
  );
  for (const other of others) {
    if (other !== first) throw new Error(`the ${flow} sign-in step's markup differs between languages`);
  }
  // The stand-in puts the texts in as they are (lib/core/firstPaint.ts): none may need escaping.
  for (const [, key] of first.matchAll(/⟦([^ @⟧]+)/g)) {
    for (const lang of LANGS) {
      if (/[&<>"']/.test(messages[lang][key as MessageKey] ?? ""))
        throw new Error(
          `${key} (${lang}) has a character HTML would read as markup: the first paint cannot hold it`,
        );
    }
  }
  return first;
}

const marker = (name: string) => `⟦@${name}⟧`;

/**
 * The host pages read their brand from the page (hosts/brand.ts `BRAND`, from the `<meta>` tags the
 * server writes) and the year from the clock: here, the brand is markers and so is the year.
 */
const global = globalThis as { document?: unknown };
global.document = { querySelector: () => null };
const { BRAND } = await import("../hosts/brand.ts");
const { PageShell } = await import("../hosts/pages/PageShell.tsx");
const { StaffHomeFirstPaint } = await import("../hosts/staff/StaffHomeFrame.tsx");
delete global.document;

class MarkedYear extends Date {
  override getFullYear() {
    return marker("year") as unknown as number;
  }
}

/**
 * `page` for a brand with (1) or without (0) its logo, privacy, terms and contact links (`key`),
 * with the brand and the year as markers.
 */
function withBrand<P>(key: string, page: () => VNode<P>): string {
  const [logo, privacy, terms, contact] = [...key].map((bit) => bit === "1");
  Object.assign(BRAND, {
    name: marker("name"),
    nameEn: marker("name"),
    logoUrl: logo ? marker("logo") : "",
    privacyUrl: privacy ? marker("privacy") : "",
    termsUrl: terms ? marker("terms") : "",
    contactUrl: contact ? marker("contact") : "",
  });
  const clock = globalThis.Date;
  globalThis.Date = MarkedYear as DateConstructor;
  try {
    return renderToString(page());
  } finally {
    globalThis.Date = clock;
  }
}

/** Each language's variants of `page`, one per brand key (lib/core/firstPaint.ts `frameKey`). */
function perLangAndBrand<P>(page: (lang: Lang) => VNode<P>): Record<string, Record<string, string>> {
  const keys = Array.from({ length: 16 }, (_, i) => i.toString(2).padStart(4, "0"));
  return Object.fromEntries(
    (Object.keys(FLOW_TITLES) as Lang[]).map((lang) => [
      lang,
      Object.fromEntries(keys.map((key) => [key, withBrand(key, () => page(lang))])),
    ]),
  );
}

export function renderFirstPaint(): FirstPaint {
  return {
    steps: { nuform: stepTemplate("nuform"), recruitment: stepTemplate("recruitment") },
    css: [baseSheet, flowSheet, emailSheet].map((s) => s.cssText.trim()).join("\n"),
    frames: perLangAndBrand((lang) =>
      h(PageShell, { lang, title: marker("title"), busy: true }, marker("content")),
    ),
    staffHome: perLangAndBrand((lang) => h(StaffHomeFirstPaint, { lang })),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(JSON.stringify(renderFirstPaint()));
