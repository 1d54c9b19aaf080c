import { resolve } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type UserConfig } from "vite";
import dts from "vite-plugin-dts";
import { splitCatalogues } from "./build/catalogues.ts";
import { retryableChunkImports } from "./build/chunk-retry.ts";
import { elementChunkGroups } from "./build/chunks.ts";
import { firstPaintModule } from "./build/first-paint.ts";
import { firstStepManifest } from "./build/first-steps.ts";
import { hostPagesConfig } from "./build/hosts.ts";
import { precompress } from "./build/precompress.ts";

/**
 * Every build of the repository, chosen by `--mode` (the plugins are in build/):
 * - `package` (default): the npm package in dist/lib — React components and the framework-free
 *   core, React left to the user (optional peer dependency), with .d.ts files for all of lib/;
 * - `package-elements`: the package's element registration (dist/lib/elements.js) on Preact;
 * - `elements`: the one-file element bundle dist/elements/nu-forms.js (plus the chunks it loads
 *   itself) that a brand site includes with a single <script type="module">, runtime included;
 * - `hosts`: the host pages in dist/hosts (build/hosts.ts).
 *
 * The element bundle's runtime is chosen in one place: ELEMENT_RUNTIME below. It is Preact (the
 * same React components, the part of React's API they use served by Preact: preactAliases):
 * measured at about a fifth of the bytes of react-dom with the same e2e results — figures in
 * docs/performance.md.
 */
export const ELEMENT_RUNTIME: "react" | "preact" =
  runtimeOverride(process.env.NU_ELEMENT_RUNTIME) ?? "preact";

/** `NU_ELEMENT_RUNTIME=react|preact` builds one runtime for measuring it (bench/bundle-report.ts). */
function runtimeOverride(value: string | undefined): "react" | "preact" | undefined {
  if (value === undefined || value === "") return undefined;
  if (value === "react" || value === "preact") return value;
  throw new Error(`NU_ELEMENT_RUNTIME must be "react" or "preact", got "${value}"`);
}

const root = import.meta.dirname;

/**
 * React's names in the element bundle: Preact with its hooks and the part of React's API lib/ uses
 * (build/reactOnPreact.ts, instead of all of preact/compat: smaller). Exact names only.
 */
const reactOnPreact = resolve(root, "build/reactOnPreact.ts");
export const preactAliases = [
  { find: /^react$/, replacement: reactOnPreact },
  { find: /^react-dom\/client$/, replacement: reactOnPreact },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
];

/**
 * dayjs's package points at its UMD build, which the bundle would carry with a CommonJS wrapper;
 * its ES modules (dayjs/esm) are the same code: 0.4 kB gzip less wherever dates are used.
 */
const dayjsModules = [
  { find: /^dayjs$/, replacement: "dayjs/esm/index.js" },
  { find: /^dayjs\/plugin\/(\w+)\.js$/, replacement: "dayjs/esm/plugin/$1/index.js" },
];

/**
 * nanostores keeps a counter on `globalThis.nanostoresGlobal` so that several copies of it agree;
 * the element bundle has exactly one copy, so the counter stays inside it and the brand's page
 * gets no global of ours. Kept for that promise, not for bytes (e2e/embed.spec.ts checks that
 * loading the elements adds no name to `window`); fails the build if nanostores changes.
 */
const noNanostoresGlobal: Plugin = {
  name: "nu-forms:no-nanostores-global",
  transform(code, id) {
    if (!/node_modules[\\/]nanostores[\\/]atom[\\/]index\.js$/.test(id)) return null;
    const global = "(globalThis.nanostoresGlobal ||= { epoch: 0 })";
    if (!code.includes(global)) this.error(`nanostores changed: "${global}" is no longer in ${id}`);
    return { code: code.replace(global, "({ epoch: 0 })"), map: null };
  },
};

/**
 * The English and Simplified Chinese catalogues load only for `lang="en"` and `lang="zh-Hans"`
 * (lib/load/catalogues.ts): in the element bundle, lib/core/i18n starts with them empty instead of
 * importing them.
 */
const englishOnDemand: Plugin = {
  name: "nu-forms:english-on-demand",
  enforce: "pre",
  transform(code, id) {
    if (!/[\\/]lib[\\/]core[\\/]i18n[\\/]index\.ts$/.test(id)) return null;
    let edited = code;
    for (const [eager, name] of [
      ['import { en } from "./en.ts";', "en"],
      ['import { zhHans } from "./zh-Hans.ts";', "zhHans"],
    ]) {
      if (!edited.includes(eager)) this.error(`lib/core/i18n/index.ts no longer has: ${eager}`);
      edited = edited.replace(eager, `const ${name} = {} as Record<MessageKey, string>;`);
    }
    return { code: edited, map: null };
  },
};

/**
 * The widgets' texts load with the widgets' part of the catalogue (lib/load/catalogues.ts) in the
 * element builds: lib/core/i18n starts without them (as zh-HK.ts and en.ts were whole), and the
 * widgets read the catalogue that part fills, with useT, instead of importing their own texts
 * (lib/core/i18n/widgets/*.ts, lib/ui/useWidgetT.ts).
 */
const widgetTextsOnDemand: Plugin = {
  name: "nu-forms:widget-texts-on-demand",
  enforce: "pre",
  transform(code, id) {
    const file = id.replaceAll("\\", "/");
    const swap = (edits: [string, string][]) => {
      let edited = code;
      for (const [from, to] of edits) {
        if (!edited.includes(from)) this.error(`${id} no longer has: ${from}`);
        edited = edited.replace(from, to);
      }
      return { code: edited, map: null };
    };
    const instead = (names: string[], replacement: string) => {
      for (const name of names)
        if (!new RegExp(`export (function|const) ${name}\\b`).test(code))
          this.error(`${id} no longer exports ${name}`);
      return { code: replacement, map: null };
    };
    if (file.endsWith("/lib/core/i18n/index.ts"))
      return swap([
        ['import { enWidgets } from "./en.widgets.ts";\n', ""],
        ['import { zhHKWidgets } from "./zh-HK.widgets.ts";\n', ""],
        ['import { zhHansWidgets } from "./zh-Hans.widgets.ts";\n', ""],
        ["{ ...zhHK, ...zhHKWidgets }", "zhHK"],
        ["{ ...zhHans, ...zhHansWidgets }", "zhHans"],
        ["{ ...en, ...enWidgets }", "en"],
      ]);
    if (/\/lib\/core\/i18n\/widgets\/\w+\.ts$/.test(file)) {
      const names = [...code.matchAll(/export const (\w+Texts)\b/g)].map(([, name]) => name);
      if (names.length !== 1) this.error(`${id} should export one catalogue (…Texts), not ${names.length}`);
      const catalogues = JSON.stringify(resolve(root, "lib/core/i18n/index.ts"));
      return instead(names, `export { messages as ${names[0]} } from ${catalogues};\n`);
    }
    if (file.endsWith("/lib/ui/useWidgetT.ts"))
      return instead(["useWidgetT"], 'export { normaliseLang, useT as useWidgetT } from "./useT.ts";\n');
    return null;
  },
};

/**
 * The registrations (lib/elements/*.ts) define elements when imported. package.json's
 * "sideEffects" speaks for the files the package ships, but the build reads it for the source
 * too, where it would call them free of effects: this says it for the source.
 */
const registrationsRun: Plugin = {
  name: "nu-forms:registrations-run",
  transform(code, id) {
    if (!/[\\/]lib[\\/]elements[\\/]\w+\.ts$/.test(id)) return null;
    return { code, map: null, moduleSideEffects: true };
  },
};

/** What a module of the React entry imports when it renders or holds React state. */
const REACT_MODULE = /^(react|react-dom|@nanostores\/react)($|\/)/;

/** The package's dependencies: a build of the package leaves them to the user's bundler. */
const PACKAGE_DEPENDENCIES = [
  /^@r2wc\//,
  /^dayjs($|\/)/,
  "ky",
  "nanostores",
  /^@nanostores\/persistent/,
  "valibot",
  "qrcode",
  "jsqr",
];

export default defineConfig(({ mode }): UserConfig => {
  const production = { "process.env.NODE_ENV": JSON.stringify("production") };
  // The elements adopt their sheets into the shadow root: no style elements (lib/ui/styles.ts),
  // nor their code in the bundle. The React components render them.
  const elementBuild = { ...production, __NU_HOISTED_STYLES__: "false" };
  if (mode === "hosts") return hostPagesConfig();
  if (mode === "package-elements") {
    // `nu-forms/elements` from npm: the same runtime as the element bundle (Preact, inside the
    // package's own chunks, so a page's own Preact or React is neither needed nor touched), English
    // and the texts after sign-in in chunks of their own. The dependencies stay the user's.
    return {
      plugins: [
        react(),
        registrationsRun,
        englishOnDemand,
        widgetTextsOnDemand,
        splitCatalogues({ checkFirstSteps: false }),
      ],
      define: elementBuild,
      resolve: { alias: preactAliases },
      build: {
        outDir: resolve(root, "dist/lib"),
        emptyOutDir: false,
        minify: false,
        sourcemap: true,
        target: "es2022",
        lib: { entry: { elements: resolve(root, "lib/elements/index.ts") }, formats: ["es"] },
        rollupOptions: {
          output: { chunkFileNames: "elements-chunks/[name]-[hash].js" },
          external: PACKAGE_DEPENDENCIES,
        },
      },
    };
  }
  if (mode === "elements") {
    return {
      plugins: [
        react(),
        registrationsRun,
        noNanostoresGlobal,
        englishOnDemand,
        widgetTextsOnDemand,
        splitCatalogues(),
        retryableChunkImports(),
        firstStepManifest(),
        firstPaintModule(),
        precompress(),
      ],
      define: elementBuild,
      resolve: { alias: [...(ELEMENT_RUNTIME === "preact" ? preactAliases : []), ...dayjsModules] },
      build: {
        outDir: resolve(root, "dist/elements"),
        emptyOutDir: true,
        minify: true,
        sourcemap: true,
        target: "es2022",
        lib: {
          entry: { "nu-forms": resolve(root, "lib/elements/bundle.ts") },
          formats: ["es"],
          fileName: (_format, name) => `${name}.js`,
        },
        rollupOptions: {
          output: {
            chunkFileNames: "chunks/[name]-[hash].js",
            codeSplitting: { groups: elementChunkGroups },
            // Served as is to browsers: minify fully (library mode keeps whitespace and annotations).
            minify: true,
            comments: false,
          },
        },
      },
    };
  }
  return {
    plugins: [
      react(),
      dts({
        tsconfigPath: resolve(root, "tsconfig.json"),
        entryRoot: resolve(root, "lib"),
        include: ["lib"],
        exclude: ["lib/**/*.test.ts", "lib/**/*.test.tsx"],
        outDirs: resolve(root, "dist/lib"),
      }),
    ],
    define: { ...production, __NU_HOISTED_STYLES__: "true" },
    build: {
      outDir: resolve(root, "dist/lib"),
      emptyOutDir: true,
      minify: false,
      sourcemap: true,
      target: "es2022",
      lib: {
        // `elements` is the next build (mode package-elements), on Preact.
        entry: {
          index: resolve(root, "lib/index.ts"),
          core: resolve(root, "lib/core/index.ts"),
        },
        formats: ["es"],
      },
      rollupOptions: {
        output: {
          // One file per module of lib/, as in the source: the user's bundler then leaves out every
          // module a page does not reach (package.json "sideEffects" lists the few that must run
          // when imported), where one shared chunk would carry its top-level statements along.
          preserveModules: true,
          preserveModulesRoot: resolve(root, "lib"),
          // Each module that imports React is a client module: a Next.js Server Component may
          // import it only as one (hooks, context). The barrels stay neutral, so a Server Component
          // that imports `Select` from "nu-forms" sends the browser that component, not every
          // export of the entry (63 kB gzip for one Select when index.js was the boundary). The
          // core and the element registration stay neutral.
          banner: (chunk) => (chunk.imports.some((id) => REACT_MODULE.test(id)) ? '"use client";' : ""),
        },
        external: [/^react($|\/)/, /^react-dom($|\/)/, /^@nanostores\/react/, ...PACKAGE_DEPENDENCIES],
      },
    },
  };
});
