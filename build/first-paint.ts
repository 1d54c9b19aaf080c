import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import type { Plugin } from "vite";

const root = resolve(import.meta.dirname, "..");

/**
 * build/render-first-paint.tsx's output, rendered in a Node process of its own: the components run
 * there on React DOM's and Preact's server renderers, outside this build's module graph and aliases.
 */
function renderFirstPaint(): string {
  return execFileSync(process.execPath, ["--import", "tsx", resolve(root, "build/render-first-paint.tsx")], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** The modules whose markup or texts the pictures are made of: a change to one renders them again (watch builds). */
const SOURCES = ["lib/flows", "lib/ui", "lib/widgets", "lib/core/i18n", "hosts/pages"];

const MODULE = "virtual:nu-first-paint";

/**
 * The step as the stand-in draws it: not the live step (the live element and the host pages'
 * picture swap look for `data-step`), and its field a plain text box without the list of
 * suggestions, as it offers none.
 */
function standIn(step: string): string {
  const edits: [RegExp, string][] = [
    [/^<div ([^>]*)class="nu-root"([^>]*) data-step="login">/, '<div $1class="nu-root nu-stand-in"$2>'],
    [
      /<input role="combobox" aria-autocomplete="list" aria-expanded="false" aria-controls="[^"]*" /,
      "<input ",
    ],
    [/ value=""/, ""],
    [/<div id="[^"]*" role="listbox" aria-label="[^"]*" hidden=""><\/div>/, ""],
  ];
  const edited = edits.reduce((markup, [from, to]) => {
    if (!from.test(markup))
      throw new Error(`the sign-in step's markup changed: ${from} (build/first-paint.ts)`);
    return markup.replace(from, to);
  }, step);
  // Ids that nothing left refers to (the live field's status, typo and error lines: its
  // `aria-describedby` names them once they say something).
  return edited.replace(/ id="([^"]*)"/g, (whole, id: string) =>
    edited.split(`"${id}"`).length > 2 ? whole : "",
  );
}

/**
 * The element build: `virtual:nu-first-paint` exports the flows' sign-in steps as their elements
 * draw them (lib/core/firstPaint.ts), for the brand pages' stand-in (lib/flows/shared/signInStandIn.ts).
 */
export function firstPaintModule(): Plugin {
  return {
    name: "nu-forms:first-paint-module",
    resolveId: (id) => (id === MODULE ? `\0${MODULE}` : null),
    load(id) {
      if (id !== `\0${MODULE}`) return null;
      for (const dir of SOURCES) this.addWatchFile(resolve(root, dir));
      const { steps } = JSON.parse(renderFirstPaint()) as { steps: Record<string, string> };
      const standIns = Object.fromEntries(Object.entries(steps).map(([flow, step]) => [flow, standIn(step)]));
      return `export const SIGN_IN_STEPS = ${JSON.stringify(standIns)};`;
    },
  };
}

/** The host build: dist/hosts/first-paint.json, the frame and step pictures the server fills in (server/html.ts). */
export function firstPaintFile(): Plugin {
  return {
    name: "nu-forms:first-paint-file",
    buildStart() {
      for (const dir of SOURCES) this.addWatchFile(resolve(root, dir));
    },
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "first-paint.json", source: renderFirstPaint() });
    },
  };
}
