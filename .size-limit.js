/**
 * Size budgets (`npm run size`, part of `npm test`, after the build). The element bundle is cut by
 * step (docs/performance.md): each budget is what a page with only the entry script and that
 * element downloads before the element's first step shows, as the build lists it in
 * dist/elements/first-steps.json (vite.first-steps.ts). gzip sizes, summed file by file. Each
 * first step carries about 0.1 kB of V8's compile hint (vite.compile-hints.ts: −40 to −65 % of the
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

// The live steps' and the staff login's budgets are what they measured once this round's changes were
// in: +0.3 kB (the code step's validity and next-step texts, the address spans), +0.4 kB in the
// runtime (a JSON string given as a list property is parsed like the attribute; the staff code
// step's ticket is sent back), +0.3 kB in the flows' shared chunk, +0.1 kB (the runtime lists the
// counter tools' new files); the staff login +0.7 kB more (the counter home, the code step's note
// and new code). Then the chosen libraries came back (docs/performance.md "The browser's libraries: ky and dayjs"),
// measured on one build against main: ky +4126 B on each live sign-in step (ky 1.14.3 alone is
// 5079 B, less the fetch() code it replaced), ky and dayjs +7571 B on the staff login's first
// screen (dayjs with utc alone 3744 B). The limits are those measures plus about 20 B, and take in
// the 30-50 B by which main's code step (tries left) had gone past the previous limits. The
// stand-in's limits likewise take in that step's +40 B and the entry's +3 B for naming a runtime
// chunk of another hash: the stand-in's own chunks are byte for byte the same with ky and dayjs.
// Then +25 B (two WebKit fixes found by the engines suite: adoptSheets re-applies a late sheet on
// the next frame, the address selector counts each of its own recent changes as an echo).
export default [
  {
    // Target: at most 20 kB (docs/performance.md#budgets). The entry draws the step from these (lib/flows/shared/signInStandIn.ts)
    // before the runtime is requested; e2e/stand-in.spec.ts checks in Chromium that the page
    // fetches exactly these first.
    name: "<nu-form> sign-in step shown and taking text: the entry and the sign-in stand-in",
    path: filesOf("nu-form stand-in"),
    gzip: true,
    limit: "9330 B",
  },
  {
    name: '<nu-form lang="en"> sign-in step shown and taking text: the same and the English sign-in texts',
    path: filesOf('nu-form lang="en" stand-in'),
    gzip: true,
    limit: "11678 B",
  },
  {
    name: "<nu-recruitment-form> sign-in step shown and taking text",
    path: filesOf("nu-recruitment-form stand-in"),
    gzip: true,
    limit: "9330 B",
  },
  {
    // +0.1 kB: the runtime's lists of the staff tools' files (the scanner and the hand-over are
    // files the counter tools share) and the sign-out forgetting what the device remembered.
    name: "<nu-form> sign-in step live: entry and every chunk it needs before the live e-mail field shows",
    path: filesOf("nu-form"),
    gzip: true,
    limit: "40630 B",
  },
  {
    // The English sign-in texts load for lang="en" (lib/load/catalogues.ts); the rest at idle.
    name: '<nu-form lang="en"> sign-in step live: the same files and the English sign-in texts',
    path: filesOf('nu-form lang="en"'),
    gzip: true,
    limit: "42970 B",
  },
  {
    name: "<nu-recruitment-form> sign-in step live",
    path: filesOf("nu-recruitment-form"),
    gzip: true,
    limit: "40860 B",
  },
  {
    name: "<nu-staff-login> first screen (its own texts come with its code; the other tools' at idle)",
    path: filesOf("nu-staff-login"),
    gzip: true,
    // +0.7 kB: the counter's home (four tools, the redeem centre's opening the camera, sign-out
    // apart) and the code step's address note and new code.
    limit: "42440 B",
  },
  {
    // What /staff/home really downloads signed out: e2e/staff-budget.spec.ts checks in Chromium
    // that the page fetches exactly these scripts.
    name: "/staff/home: the host shell, its staff pages, the entry and the <nu-staff-login> first screen",
    path: [...hostScripts("/staff"), ...filesOf("nu-staff-login")],
    gzip: true,
    limit: "60560 B",
  },
  {
    // The staff pages and home, maintenance and 404 are chunks of their own (hosts/App.tsx):
    // customer flow pages never load them.
    name: "host shell: dist/hosts/assets/index-*.js, all a customer page loads of the host (it loads the element bundle at run time)",
    path: "dist/hosts/assets/index-*.js",
    gzip: true,
    limit: "14.6 kB",
  },
  {
    name: "home, maintenance and 404: the host shell and their own chunk (the element bundle comes at run time)",
    path: hostScripts("/site"),
    gzip: true,
    limit: "16 kB",
  },
];
