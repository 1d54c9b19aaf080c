import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Plugin, UserConfig } from "vite";
import { compileEagerly } from "./compile-hints.ts";
import { firstPaintFile } from "./first-paint.ts";
import { precompress } from "./precompress.ts";

const root = resolve(import.meta.dirname, "..");

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

/** The shell runs at load on every host page: compiled while it downloads (build/compile-hints.ts). */
const shellCompiledEagerly: Plugin = {
  name: "nu-forms:shell-compile-hint",
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle))
      if (file.type === "chunk" && file.isEntry) compileEagerly(file, bundle);
  },
};

/** The routes whose pages are chunks of their own (hosts/App.tsx), by the module each chunk starts at. */
const ROUTE_CHUNKS = { "/staff": "/hosts/staff/StaffPage.tsx", "/site": "/hosts/pages/sitePages.ts" };

/**
 * `route-chunks.json`: the chunks a route loads beyond the shell (`/staff`: the staff pages;
 * `/site`: home, maintenance and 404), for the server to preload on that route's URLs
 * (server/static.ts).
 */
const routeChunks: Plugin = {
  name: "nu-forms:route-chunks",
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).filter((file) => file.type === "chunk");
    const entry = chunks.find((chunk) => chunk.isEntry);
    if (!entry) return this.error("the host pages have no entry chunk");
    const lists: Record<string, string[]> = {};
    for (const [route, module] of Object.entries(ROUTE_CHUNKS)) {
      const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
      if (!chunk) return this.error(`${module} is not a chunk of its own (hosts/App.tsx)`);
      lists[route] = [chunk.fileName, ...chunk.imports.filter((file) => file !== entry.fileName)].map(
        (file) => `/${file}`,
      );
    }
    this.emitFile({
      type: "asset",
      fileName: "route-chunks.json",
      source: `${JSON.stringify(lists, null, 2)}\n`,
    });
  },
};

/**
 * The host pages' build (`vite build --mode hosts`): a Preact + preact-router shell (hosts/) that
 * gives every route a URL, runs the guards and maintenance check from lib/core, and mounts the
 * custom elements from /elements/nu-forms.js exactly as a brand site would (loaded at run time,
 * not bundled in).
 */
export const hostPagesConfig = (): UserConfig => ({
  plugins: [favicon, shellCompiledEagerly, routeChunks, firstPaintFile(), precompress()],
  root: resolve(root, "hosts"),
  publicDir: false,
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: resolve(root, "dist/hosts"),
    emptyOutDir: true,
    target: "es2022",
    sourcemap: true,
    // The route chunks import nothing but the shell, and the server preloads each on its
    // route's URLs (route-chunks.json): no preload helper or polyfill in the shell.
    modulePreload: false,
  },
});
