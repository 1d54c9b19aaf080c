import { posix } from "node:path";
import type { Plugin } from "vite";

/** The component module of each element whose first step has a size budget (.size-limit.js). */
const FIRST_STEP_MODULES: Record<string, RegExp> = {
  "nu-form": /\/lib\/flows\/nuform\/NuForm\.tsx$/,
  "nu-recruitment-form": /\/lib\/flows\/recruitment\/RecruitmentForm\.tsx$/,
  "nu-staff-login": /\/lib\/staff\/StaffLogin\.tsx$/,
};

/**
 * Writes dist/elements/first-steps.json: for each element above, every file a page with only the
 * entry script and that element downloads before the element's first step shows (the entry, the
 * element's chunk and everything they import statically; later steps, the English catalogue and
 * the rule sets come later, by dynamic import). .size-limit.js budgets these lists and
 * scripts/bench-web.ts checks them in Chromium.
 */
export function firstStepManifest(): Plugin {
  return {
    name: "nu-forms:first-step-manifest",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === "chunk");
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (fileName: string, into = new Set<string>()) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const dep of byFile.get(fileName)?.imports ?? []) closure(dep, into);
        return into;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) this.error("the element bundle has no entry chunk");
      const manifest: Record<string, string[]> = {};
      for (const [tag, module] of Object.entries(FIRST_STEP_MODULES)) {
        const own = chunks.find((c) => c.moduleIds.some((id) => module.test(id.replaceAll("\\", "/"))));
        if (!own) this.error(`no chunk holds the component of <${tag}>`);
        manifest[tag] = [...closure(own.fileName, closure(entry.fileName))].sort();
      }
      this.emitFile({
        type: "asset",
        fileName: posix.join("first-steps.json"),
        source: `${JSON.stringify(manifest, null, 2)}\n`,
      });
    },
  };
}
