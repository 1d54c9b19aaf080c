import { resolve } from "node:path";
import { defineConfig } from "vite";

/**
 * The host pages: a Preact + preact-router shell (hosts/) that gives every route a URL, runs the
 * guards and maintenance check from lib/core, and mounts the custom elements from
 * /elements/nu-forms.js exactly as a brand site would (loaded at run time, not bundled in).
 */
const root = import.meta.dirname;

export default defineConfig({
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
