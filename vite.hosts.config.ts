import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { defineConfig, type Plugin } from "vite";
import { compileEagerly } from "./vite.compile-hints.ts";
import { precompress } from "./vite.precompress.ts";

/**
 * The host pages: a Preact + preact-router shell (hosts/) that gives every route a URL, runs the
 * guards and maintenance check from lib/core, and mounts the custom elements from
 * /elements/nu-forms.js exactly as a brand site would (loaded at run time, not bundled in).
 */
const root = import.meta.dirname;

/** The site icon at a fixed name, /favicon.svg (server/static.ts also answers /favicon.ico with it). */
const favicon: Plugin = {
  name: "nu-forms:favicon",
  generateBundle() {
    this.emitFile({
      type: "asset",
      fileName: "favicon.svg",
      source: readFileSync(resolve(root, "hosts/favicon.svg")),
    });
  },
};

/** The shell runs at load on every host page: compiled while it downloads (vite.compile-hints.ts). */
const shellCompiledEagerly: Plugin = {
  name: "nu-forms:shell-compile-hint",
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle))
      if (file.type === "chunk" && file.isEntry) compileEagerly(file, bundle);
  },
};

export default defineConfig({
  plugins: [favicon, shellCompiledEagerly, precompress()],
  root: resolve(root, "hosts"),
  publicDir: false,
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: resolve(root, "dist/hosts"),
    emptyOutDir: true,
    target: "es2022",
    sourcemap: true,
  },
});
