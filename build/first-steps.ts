import { posix } from "node:path";
import type { OutputChunk } from "rolldown";
import type { Plugin } from "vite";
import { firstStepName } from "../lib/core/hostPage.ts";
import { compileEagerly } from "./compile-hints.ts";

/** The component module of each element whose first step has a size budget (.size-limit.js). */
export const FIRST_STEP_MODULES: Record<string, RegExp> = {
  "nu-form": /\/lib\/flows\/nuform\/NuForm\.tsx$/,
  "nu-recruitment-form": /\/lib\/flows\/recruitment\/RecruitmentForm\.tsx$/,
  "nu-staff-login": /\/lib\/staff\/StaffLogin\.tsx$/,
};

/** The flows' sign-in step drawn before the runtime (lib/flows/shared/signInStandIn.ts). */
const STAND_IN_MODULE = /\/lib\/flows\/shared\/signInStandIn\.ts$/;
const STAND_IN_TAGS = ["nu-form", "nu-recruitment-form"];

/**
 * Per language, the texts a first step loads beyond the runtime and the element's own chunk (which
 * carries `<nu-staff-login>`'s own texts): English's and Simplified Chinese's sign-in texts; zh-HK's
 * are in the runtime.
 */
const TEXTS = {
  "zh-HK": null,
  en: /\/lib\/core\/i18n\/en\.ts$/,
  "zh-Hans": /\/lib\/core\/i18n\/zh-Hans\.ts$/,
} as const;

/**
 * Writes dist/elements/first-steps.json: for each element above, every file a page with only the
 * entry script and that element downloads before the element's first step shows (the entry, the
 * registration it imports, the element's chunk and everything they import statically; later steps, the English texts (budgeted apart) and
 * the rule sets come later, by dynamic import). .size-limit.js budgets these lists and
 * bench/web.ts checks them in Chromium. Those of them that hold code get V8's compile
 * hint (build/compile-hints.ts).
 */
/** `roots` and every chunk they import statically, in file name order. */
function withStaticImports(chunks: readonly OutputChunk[], roots: readonly string[]): OutputChunk[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    for (const dep of byFile.get(fileName)?.imports ?? []) visit(dep);
  };
  for (const root of roots) visit(root);
  return [...files].sort().map((file) => byFile.get(file) as OutputChunk);
}

/**
 * The chunks a page with only the entry script and the element whose component is `module`
 * downloads before its first step shows: the entry, the element's chunk and everything they
 * import statically. `standIn: false` leaves out the flows' sign-in stand-in, which the entry
 * imports only for a flow element without a `step` (the host pages set one).
 */
export function firstStepChunks(
  chunks: readonly OutputChunk[],
  module: RegExp,
  { standIn = true }: { standIn?: boolean } = {},
): OutputChunk[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error("the element bundle has no entry chunk");
  const own = chunks.find((c) => c.moduleIds.some((id) => module.test(id.replaceAll("\\", "/"))));
  if (!own) throw new Error(`no chunk holds ${module}`);
  // The entry imports the registration (the `runtime` chunk) after the first frame, dynamically,
  // and before it the flows' sign-in stand-in where a flow element waits (its facade: flows only).
  const flow = standIn && STAND_IN_TAGS.some((tag) => FIRST_STEP_MODULES[tag] === module);
  const registrations = entry.dynamicImports.filter(
    (registration) =>
      flow || !byFile.get(registration)?.facadeModuleId?.replaceAll("\\", "/").match(STAND_IN_MODULE),
  );
  return withStaticImports(chunks, [entry.fileName, ...registrations, own.fileName]);
}

/** The API client, which the runtime imports on a host page's first call (lib/api/lazyClient.ts). */
const CLIENT_MODULE = /\/lib\/api\/client\.ts$/;

/**
 * The chunks the runtime's import of the API client loads: the chunk that re-exports it (Rolldown
 * gives a dynamic import of a grouped module one) and what that imports.
 */
function clientChunks(chunks: readonly OutputChunk[]): OutputChunk[] {
  const path = (id: string) => id.replaceAll("\\", "/");
  const target =
    chunks.find((c) => c.facadeModuleId !== null && CLIENT_MODULE.test(path(c.facadeModuleId))) ??
    chunks.find((c) => c.moduleIds.some((id) => CLIENT_MODULE.test(path(id))));
  if (!target) throw new Error("no chunk holds lib/api/client.ts");
  return withStaticImports(chunks, [target.fileName]);
}

/**
 * The chunks a page with only the entry script and a flow element downloads before the flow's
 * sign-in step shows and takes text: the entry, the stand-in (the facade the entry imports, when
 * there is one) and `texts` (the English sign-in texts), with what they import statically.
 */
export function standInChunks(chunks: readonly OutputChunk[], texts: RegExp | null): OutputChunk[] {
  const holds = (module: RegExp) => (c: OutputChunk) =>
    (c.facadeModuleId !== null && module.test(c.facadeModuleId.replaceAll("\\", "/"))) ||
    c.moduleIds.some((id) => module.test(id.replaceAll("\\", "/")));
  const entry = chunks.find((c) => c.isEntry);
  const standIn = chunks.find(holds(STAND_IN_MODULE));
  if (!entry || !standIn) throw new Error("the element bundle has no entry or no sign-in stand-in chunk");
  const textChunk = texts ? chunks.find(holds(texts)) : undefined;
  return withStaticImports(chunks, [
    entry.fileName,
    standIn.fileName,
    ...(textChunk ? [textChunk.fileName] : []),
  ]);
}

export function firstStepManifest(): Plugin {
  return {
    name: "nu-forms:first-step-manifest",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === "chunk");
      const manifest: Record<string, string[]> = {};
      const client = clientChunks(chunks).map((c) => c.fileName);
      for (const [tag, module] of Object.entries(FIRST_STEP_MODULES)) {
        for (const [lang, texts] of Object.entries(TEXTS) as [keyof typeof TEXTS, RegExp | null][]) {
          const files = new Set(firstStepChunks(chunks, module).map((c) => c.fileName));
          if (texts) for (const c of firstStepChunks(chunks, texts)) files.add(c.fileName);
          manifest[firstStepName(tag, lang)] = [...files].sort();
          if (STAND_IN_TAGS.includes(tag)) {
            manifest[`${firstStepName(tag, lang)} stand-in`] = standInChunks(chunks, texts).map(
              (c) => c.fileName,
            );
          }
          // What server/static.ts downloads ahead on a host page: its element has a `step` (no
          // stand-in), and the page's gate calls the API through the runtime before the element
          // shows (the maintenance check; the staff session and lead), so the runtime's client too.
          const host = new Set(firstStepChunks(chunks, module, { standIn: false }).map((c) => c.fileName));
          if (texts) for (const c of firstStepChunks(chunks, texts)) host.add(c.fileName);
          for (const file of client) host.add(file);
          manifest[`${firstStepName(tag, lang)} host`] = [...host].sort();
        }
      }
      // What a first step runs at load is compiled while it downloads, off the main thread.
      for (const file of new Set(Object.values(manifest).flat())) {
        const chunk = bundle[file];
        if (chunk?.type === "chunk") compileEagerly(chunk, bundle);
      }
      this.emitFile({
        type: "asset",
        fileName: posix.join("first-steps.json"),
        source: `${JSON.stringify(manifest, null, 2)}\n`,
      });
    },
  };
}
