import type { Plugin } from "vite";
import { en } from "../lib/core/i18n/en.ts";
import { enWidgets } from "../lib/core/i18n/en.widgets.ts";
import { isSignInMessage, isStaffSignInMessage, isWidgetMessage } from "../lib/core/i18n/signInMessages.ts";
import { zhHans } from "../lib/core/i18n/zh-Hans.ts";
import { zhHansWidgets } from "../lib/core/i18n/zh-Hans.widgets.ts";
import { zhHK } from "../lib/core/i18n/zh-HK.ts";
import { zhHKWidgets } from "../lib/core/i18n/zh-HK.widgets.ts";
import { FIRST_STEP_MODULES, firstStepChunks } from "./first-steps.ts";

/**
 * The elements whose first step shows only some texts, and which: the flows' sign-in texts (the
 * runtime carries zh-HK's), and for the staff sign-in those and its own (its chunk carries them).
 */
const FIRST_STEP_TEXTS: Record<string, (key: string) => boolean> = {
  "nu-form": isSignInMessage,
  "nu-recruitment-form": isSignInMessage,
  "nu-staff-login": (key) => isSignInMessage(key) || isStaffSignInMessage(key),
};

const CATALOGUE_MODULE =
  /[\\/]lib[\\/]core[\\/]i18n[\\/](zh-HK|zh-HK\.later|zh-HK\.widgets|zh-Hans|zh-Hans\.later|zh-Hans\.widgets|en|en\.later|en\.widgets|signInMessages)\.ts$/;

/** The module that registers the widget elements: what it imports dynamically is each widget's code. */
const WIDGET_REGISTRATION = /[\\/]lib[\\/]elements[\\/]widgets\.ts$/;

/** The staff tools' texts: Simplified Chinese reads them in Traditional Chinese (staff work in Hong Kong). */
const staffTexts = Object.fromEntries(Object.entries(zhHK).filter(([key]) => key.startsWith("staff.")));

/**
 * Each catalogue, the module that keeps its sign-in texts, the one that gets the widget elements'
 * own, the one that gets the others, and the one that gets a copy of the staff sign-in's own
 * (zh-Hans has none: `<nu-staff-login>` reads zh-HK's, which its chunk carries).
 */
const CATALOGUES: {
  texts: Record<string, string>;
  first: readonly [string, string];
  widgets: readonly [string, string];
  later: readonly [string, string];
  staff?: readonly [string, string];
}[] = [
  {
    texts: { ...zhHK, ...zhHKWidgets },
    first: ["zh-HK.ts", "zhHK"],
    widgets: ["zh-HK.widgets.ts", "zhHKWidgets"],
    later: ["zh-HK.later.ts", "zhHKLater"],
    staff: ["zh-HK.staff.ts", "zhHKStaff"],
  },
  {
    texts: { ...en, ...enWidgets },
    first: ["en.ts", "en"],
    widgets: ["en.widgets.ts", "enWidgets"],
    later: ["en.later.ts", "enLater"],
    staff: ["en.staff.ts", "enStaff"],
  },
  {
    texts: { ...staffTexts, ...zhHans, ...zhHansWidgets },
    first: ["zh-Hans.ts", "zhHans"],
    widgets: ["zh-Hans.widgets.ts", "zhHansWidgets"],
    later: ["zh-Hans.later.ts", "zhHansLater"],
  },
];

const moduleIs = (id: string, file: string) => id.replaceAll("\\", "/").endsWith(`/lib/core/i18n/${file}`);

/**
 * Each catalogue in three chunks: lib/core/i18n/zh-HK.ts and en.ts keep the texts the
 * flows' sign-in step shows (lib/core/i18n/signInMessages.ts), zh-HK.widgets.ts and en.widgets.ts
 * get what the widget elements show beyond those, zh-HK.later.ts and en.later.ts the others;
 * lib/load/catalogues.ts loads the parts an element needs before it renders.
 *
 * Then it checks the cut: the code the sign-in step loads (every module of the chunks
 * first-steps.json lists for the flow elements) may name only sign-in texts, and a widget
 * element's code (every module its own module imports, statically) only sign-in and widget texts,
 * as a string or as the start of a template (`errors.${code}`); the build fails otherwise, naming
 * the keys.
 */
export function splitCatalogues({ checkFirstSteps = true }: { checkFirstSteps?: boolean } = {}): Plugin {
  const replace = (code: string, id: string, name: string, value: object) => {
    if (!new RegExp(`export const ${name}\\b`).test(code)) throw new Error(`${id} no longer exports ${name}`);
    return { code: `export const ${name} = ${JSON.stringify(value)};\n`, map: null };
  };
  const part = (texts: Record<string, string>, keep: (key: string) => boolean) =>
    Object.fromEntries(Object.entries(texts).filter(([key]) => keep(key)));
  return {
    name: "nu-forms:split-catalogues",
    enforce: "pre",
    transform(code, id) {
      for (const { texts, first, widgets, later, staff } of CATALOGUES) {
        if (moduleIs(id, first[0])) return replace(code, id, first[1], part(texts, isSignInMessage));
        if (moduleIs(id, widgets[0])) return replace(code, id, widgets[1], part(texts, isWidgetMessage));
        if (moduleIs(id, later[0]))
          return replace(
            code,
            id,
            later[1],
            part(texts, (key) => !isSignInMessage(key) && !isWidgetMessage(key)),
          );
        if (staff && moduleIs(id, staff[0]))
          return replace(code, id, staff[1], part(texts, isStaffSignInMessage));
      }
      return null;
    },
    generateBundle(_options, bundle) {
      // The check reads the element bundle's first-step chunks (the npm build has its own layout).
      if (!checkFirstSteps) return;
      const chunks = Object.values(bundle).filter((file) => file.type === "chunk");
      const keys = new Set(Object.keys(CATALOGUES[0].texts));
      const missing = new Map<string, string>();
      for (const [tag, shown] of Object.entries(FIRST_STEP_TEXTS)) {
        for (const chunk of firstStepChunks(chunks, FIRST_STEP_MODULES[tag])) {
          for (const [id, module] of Object.entries(chunk.modules)) {
            if (CATALOGUE_MODULE.test(id) || !module.code) continue;
            for (const key of namedKeys(module.code, keys)) {
              if (!shown(key)) missing.set(`<${tag}>: ${key}`, id);
            }
          }
        }
      }
      const registration = [...this.getModuleIds()].find((id) => WIDGET_REGISTRATION.test(id));
      const widgetShown = (key: string) => isSignInMessage(key) || isWidgetMessage(key);
      for (const widget of registration
        ? (this.getModuleInfo(registration)?.dynamicallyImportedIds ?? [])
        : []) {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id) || id.includes("node_modules") || CATALOGUE_MODULE.test(id)) return;
          seen.add(id);
          const info = this.getModuleInfo(id);
          for (const key of namedKeys(info?.code ?? "", keys)) {
            if (!widgetShown(key)) missing.set(`${widget.slice(widget.lastIndexOf("/") + 1)}: ${key}`, id);
          }
          for (const next of info?.importedIds ?? []) visit(next);
        };
        visit(widget);
      }
      if (missing.size > 0) {
        const list = [...missing].map(([key, id]) => `  ${key} (${id.slice(id.lastIndexOf("/lib/") + 1)})`);
        this.error(
          `a first step's or widget's code names texts outside lib/core/i18n/signInMessages.ts:\n${list.join("\n")}`,
        );
      }
    },
  };
}

/**
 * The catalogue keys `code` names: as a string, or as the start of a template (`errors.${code}`:
 * every key with that start).
 */
function namedKeys(code: string, keys: ReadonlySet<string>): string[] {
  const named = new Set<string>();
  for (const [, key] of code.matchAll(/["'`]([a-zA-Z]+(?:\.[\w]+)+)["'`]/g))
    if (keys.has(key)) named.add(key);
  for (const [, prefix] of code.matchAll(/`([a-zA-Z]+(?:\.[\w]+)*\.)\$\{/g)) {
    for (const key of keys) if (key.startsWith(prefix)) named.add(key);
  }
  return [...named];
}
