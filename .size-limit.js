/**
 * Size budgets (`npm run size`, part of `npm test`, after the build). The element bundle is cut by
 * step (docs/performance.md): each budget is what a page with only the entry script and that
 * element downloads before the element's first step shows, as the build lists it in
 * dist/elements/first-steps.json (build/first-steps.ts). gzip sizes, summed file by file. Each
 * first step carries about 0.1 kB of V8's compile hint (build/compile-hints.ts: −40 to −65 % of the
 * main-thread work after the first paint, docs/performance.md).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";

const manifestPath = "dist/elements/first-steps.json";
const firstSteps = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, "utf8")) : {};
const filesOf = (tag) => {
  const files = firstSteps[tag];
  if (!files) throw new Error(`${manifestPath} lists no first step for <${tag}>: run npm run build first`);
  return files.map((file) => `dist/elements/${file}`);
};

/** The host's shell (index.html's entry) and the chunks of `route` (dist/hosts/route-chunks.json). */
const routeChunksPath = "dist/hosts/route-chunks.json";
const hostScripts = (route) => {
  if (!existsSync(routeChunksPath)) throw new Error(`${routeChunksPath} is missing: run npm run build first`);
  const shell = readdirSync("dist/hosts/assets").filter((file) => /^index-.*\.js$/.test(file));
  const chunks = JSON.parse(readFileSync(routeChunksPath, "utf8"))[route];
  if (!chunks) throw new Error(`${routeChunksPath} lists no chunks for ${route}`);
  return [...shell.map((file) => `dist/hosts/assets/${file}`), ...chunks.map((file) => `dist/hosts${file}`)];
};

// Each limit is what its files measured on the last build that changed them, plus about 20 B: a
// change that needs more raises the limit in the same commit and says why in its message (the
// raises and their reasons are in the history of this file). Targets: docs/performance.md#budgets.
// +0.34 to 0.59 kB on each element's first step (December 2026): the build no longer minifies the
// CSS strings (+0.42 kB), shortens chunk hashes to 7 characters (+0.02 to 0.14) or patches
// nanostores' global (+0.02): measured at that cost, less than their upkeep (docs/performance.md).
// Merged with this turn's other changes (the mail's language and page address, step history, the
// counter's shared parts) each was measured again and set to its size + 20 B.
// Simplified Chinese (zh-Hans) raised every one: the language tags and the loaders of its parts in
// the runtime (+0.1 kB), the API client's probe that tells a refused origin from a broken network
// (+0.1 kB on the live steps), the host shell's titles and switch in three languages (+0.4 kB).
export default [
  {
    // Target: at most 20 kB (docs/performance.md#budgets). The entry draws the step from these (lib/flows/shared/signInStandIn.ts)
    // before the runtime is requested; e2e/stand-in.spec.ts checks in Chromium that the page
    // fetches exactly these first. +16 B: `basics` exports one more name to the `api` chunk.
    // +94 B (this one and the five below): the hand-over is a module shared with the host pages'
    // served step (lib/flows/shared/signInHandOver.ts), a pressed 發送電郵 an attribute of the form.
    name: "<nu-form> sign-in step shown and taking text: the entry and the sign-in stand-in",
    path: filesOf("nu-form stand-in"),
    gzip: true,
    limit: "10344 B",
  },
  {
    name: '<nu-form lang="en"> sign-in step shown and taking text: the same and the English sign-in texts',
    path: filesOf('nu-form lang="en" stand-in'),
    gzip: true,
    limit: "12868 B",
  },
  {
    // Simplified Chinese as English: its sign-in texts load for lang="zh-Hans", the rest at idle.
    name: '<nu-form lang="zh-Hans"> sign-in step shown and taking text: the same and the Simplified Chinese sign-in texts',
    path: filesOf('nu-form lang="zh-Hans" stand-in'),
    gzip: true,
    limit: "13144 B",
  },
  {
    name: "<nu-recruitment-form> sign-in step shown and taking text",
    path: filesOf("nu-recruitment-form stand-in"),
    gzip: true,
    limit: "10344 B",
  },
  {
    // +1.0 kB: the API client and ky in a file of their own (`api`, build/chunks.ts), so that a
    // page with only widgets never loads them (gzip compresses each file alone: +0.6), and the
    // runtime's client that imports them on a host page's first call (lib/api/lazyClient.ts: +0.4).
    // +6 B (and the two below): the e-mail field names its own texts (`useWidgetT(lang, emailTexts)`,
    // the shared catalogue here), so that a React page with one widget carries only that widget's.
    // +455 B (and the two below): a self-driven flow's steps in the page's history (0.3 kB,
    // lib/flows/shared/stepHistory.ts) and the API client learning the server's ALS_URL (0.12).
    name: "<nu-form> sign-in step live: entry and every chunk it needs before the live e-mail field shows",
    path: filesOf("nu-form"),
    gzip: true,
    limit: "44050 B",
  },
  {
    // The English sign-in texts load for lang="en" (lib/load/catalogues.ts); the rest at idle.
    name: '<nu-form lang="en"> sign-in step live: the same files and the English sign-in texts',
    path: filesOf('nu-form lang="en"'),
    gzip: true,
    limit: "46574 B",
  },
  {
    name: '<nu-form lang="zh-Hans"> sign-in step live: the same files and the Simplified Chinese sign-in texts',
    path: filesOf('nu-form lang="zh-Hans"'),
    gzip: true,
    limit: "46850 B",
  },
  {
    name: "<nu-recruitment-form> sign-in step live",
    path: filesOf("nu-recruitment-form"),
    gzip: true,
    limit: "44295 B",
  },
  {
    name: "<nu-staff-login> first screen (its own texts come with its code; the other tools' at idle)",
    path: filesOf("nu-staff-login"),
    gzip: true,
    // +1.0 kB: the API client in `api`, as for <nu-form> above. +140 B (and /staff/home below): the
    // client learns the server's ALS_URL from its answers (lib/config.ts learnFromServer).
    limit: "45375 B",
  },
  {
    // What /staff/home really downloads signed out: e2e/staff-budget.spec.ts checks in Chromium
    // that the page fetches exactly these scripts.
    name: "/staff/home: the host shell, its staff pages, the entry and the <nu-staff-login> first screen",
    path: [...hostScripts("/staff"), ...filesOf("nu-staff-login")],
    gzip: true,
    limit: "64784 B",
  },
  {
    // The staff pages and home, maintenance and 404 are chunks of their own (hosts/App.tsx):
    // customer flow pages never load them.
    name: "host shell: dist/hosts/assets/index-*.js, all a customer page loads of the host (it loads the element bundle at run time)",
    path: "dist/hosts/assets/index-*.js",
    gzip: true,
    // +416 B (and /staff/home's, home's): the served sign-in step is a real form, which the shell
    // keeps and hands over to the live step (hosts/flows/firstStepPreview.tsx): the customer's tap
    // before the scripts is worth it. +15 B: the header's switch offers the staff pages their two
    // languages only.
    limit: "15561 B",
  },
  {
    name: "home, maintenance and 404: the host shell and their own chunk (the element bundle comes at run time)",
    path: hostScripts("/site"),
    gzip: true,
    limit: "17206 B",
  },
];
