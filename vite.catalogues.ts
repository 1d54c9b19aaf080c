import type { Plugin } from "vite";
import { isSignInMessage } from "./lib/core/i18n/signInMessages.ts";
import { zhHK } from "./lib/core/i18n/zh-HK.ts";
import { FIRST_STEP_MODULES, firstStepChunks } from "./vite.first-steps.ts";

/** The elements whose first step loads only the sign-in texts (lib/elements/flows.ts). */
const SIGN_IN_ELEMENTS = ["nu-form", "nu-recruitment-form"] as const;

const CATALOGUE_MODULE = /[\\/]lib[\\/]core[\\/]i18n[\\/](zh-HK|zh-HK\.later|en|signInMessages)\.ts$/;

/**
 * The zh-HK catalogue in two chunks (issue 11): lib/core/i18n/zh-HK.ts keeps the texts the flows'
 * sign-in step shows (lib/core/i18n/signInMessages.ts), lib/core/i18n/zh-HK.later.ts gets the
 * others, which lib/elements/catalogues.ts loads before anything else renders.
 *
 * Then it checks the cut: the code the sign-in step loads (every module of the chunks
 * first-steps.json lists for the flow elements) may name only sign-in texts, as a string or as the
 * start of a template (`errors.${code}`); the build fails otherwise, naming the keys.
 */
export function splitChineseCatalogue(): Plugin {
  const entries = Object.entries(zhHK);
  const first = Object.fromEntries(entries.filter(([key]) => isSignInMessage(key)));
  const later = Object.fromEntries(entries.filter(([key]) => !isSignInMessage(key)));
  const replace = (code: string, id: string, name: string, value: object) => {
    if (!new RegExp(`export const ${name}\\b`).test(code)) throw new Error(`${id} no longer exports ${name}`);
    return { code: `export const ${name} = ${JSON.stringify(value)};\n`, map: null };
  };
  return {
    name: "nu-forms:split-chinese-catalogue",
    enforce: "pre",
    transform(code, id) {
      if (/[\\/]lib[\\/]core[\\/]i18n[\\/]zh-HK\.ts$/.test(id)) return replace(code, id, "zhHK", first);
      if (/[\\/]lib[\\/]core[\\/]i18n[\\/]zh-HK\.later\.ts$/.test(id))
        return replace(code, id, "zhHKLater", later);
      return null;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === "chunk");
      const keys = new Set(Object.keys(zhHK));
      const missing = new Map<string, string>();
      for (const tag of SIGN_IN_ELEMENTS) {
        for (const chunk of firstStepChunks(chunks, FIRST_STEP_MODULES[tag])) {
          for (const [id, module] of Object.entries(chunk.modules)) {
            if (CATALOGUE_MODULE.test(id) || !module.code) continue;
            for (const [, key] of module.code.matchAll(/["'`]([a-zA-Z]+(?:\.[\w]+)+)["'`]/g)) {
              if (keys.has(key) && !isSignInMessage(key)) missing.set(key, id);
            }
            for (const [, prefix] of module.code.matchAll(/`([a-zA-Z]+(?:\.[\w]+)*\.)\$\{/g)) {
              for (const key of keys) {
                if (key.startsWith(prefix) && !isSignInMessage(key)) missing.set(`${prefix}…`, id);
              }
            }
          }
        }
      }
      if (missing.size > 0) {
        const list = [...missing].map(([key, id]) => `  ${key} (${id.slice(id.lastIndexOf("/lib/") + 1)})`);
        this.error(
          `the sign-in step's code names texts outside lib/core/i18n/signInMessages.ts:\n${list.join("\n")}`,
        );
      }
    },
  };
}
