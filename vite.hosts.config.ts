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

/**
 * `route-chunks.json`: the chunks a route loads beyond the shell (the staff pages, hosts/App.tsx),
 * for the server to preload on that route's URLs (server/static.ts).
 */
const routeChunks: Plugin = {
  name: "nu-forms:route-chunks",
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).filter((file) => file.type === "chunk");
    const staff = chunks.find((chunk) => chunk.facadeModuleId?.endsWith("/hosts/staff/StaffPage.tsx"));
    const entry = chunks.find((chunk) => chunk.isEntry);
    if (!staff || !entry) return this.error("the staff pages are not a chunk of their own (hosts/App.tsx)");
    const files = [staff.fileName, ...staff.imports.filter((file) => file !== entry.fileName)];
    this.emitFile({
      type: "asset",
      fileName: "route-chunks.json",
      source: `${JSON.stringify({ "/staff": files.map((file) => `/${file}`) }, null, 2)}\n`,
    });
  },
};

export default defineConfig({
  plugins: [favicon, shellCompiledEagerly, routeChunks, precompress()],
  root: resolve(root, "hosts"),
  publicDir: false,
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: resolve(root, "dist/hosts"),
    emptyOutDir: true,
    target: "es2022",
    sourcemap: true,
    // The staff pages' chunk imports nothing but the shell, and the server preloads it on the
    // staff URLs (route-chunks.json): no preload helper or polyfill in the shell.
    modulePreload: false,
  },
});
