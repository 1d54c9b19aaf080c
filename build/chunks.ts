import { resolve } from "node:path";

/** What Rolldown's chunk-name function may ask about the module graph (ChunkingContext). */
interface Graph {
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

const root = resolve(import.meta.dirname, "..");
/** What the entry (lib/elements/bundle.ts) imports after the first frame: every page needs it. */
const REGISTRATION = resolve(root, "lib/elements/index.ts");
/** The registration files: the elements' components are what they import dynamically. */
const FLOW_ELEMENTS = resolve(root, "lib/elements/flows.ts");
const STAFF_ELEMENTS = resolve(root, "lib/elements/staff.ts");
const STAFF_LOGIN = /[\\/]lib[\\/]staff[\\/]StaffLogin\.tsx$/;
/** The API client (with ky): the runtime imports it on a page's first call (lib/api/lazyClient.ts). */
const API_CLIENT = resolve(root, "lib/api/index.ts");
/** What the entry draws before the runtime loads (lib/flows/shared/signInStandIn.ts). */
const STAND_IN = resolve(root, "lib/flows/shared/signInStandIn.ts");

/** Every module `from` reaches by static imports (what loads with it, before it runs). */
function staticClosure(graph: Graph, from: string): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  visit(from);
  return seen;
}

/** Every module `from` reaches, by static and dynamic imports (all it may ever load). */
function fullClosure(graph: Graph, from: string): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    for (const next of [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])]) visit(next);
  };
  visit(from);
  return seen;
}

interface Cut {
  basics: Set<string>;
  standIn: Set<string>;
  runtime: Set<string>;
  api: Set<string>;
  shared: Set<string>;
  signIn: Set<string>;
  staffFirst: Set<string>;
}

const cuts = new WeakMap<Graph, Cut>();

function cutOf(graph: Graph): Cut {
  let cut = cuts.get(graph);
  if (!cut) {
    const runtime = staticClosure(graph, REGISTRATION);
    const api = new Set([...staticClosure(graph, API_CLIENT)].filter((id) => !runtime.has(id)));
    const components = (file: string) => graph.getModuleInfo(file)?.dynamicallyImportedIds ?? [];
    const flows = components(FLOW_ELEMENTS);
    const staff = new Set(components(STAFF_ELEMENTS).flatMap((id) => [...staticClosure(graph, id)]));
    const [first, ...others] = flows.map((component) => staticClosure(graph, component));
    if (!first || others.length === 0) throw new Error(`${FLOW_ELEMENTS}: expected two flow components`);
    const common = [...first].filter(
      (id) => others.every((set) => set.has(id)) && !runtime.has(id) && !api.has(id) && !flows.includes(id),
    );
    const shared = new Set(common.filter((id) => staff.has(id)));
    const signIn = new Set(common.filter((id) => !staff.has(id)));
    // What the staff login's first screen shares with flow code loaded later (the code entry's
    // text field and submit logic): one file for both, not one per module.
    const login = components(STAFF_ELEMENTS).find((id) => STAFF_LOGIN.test(id));
    const later = new Set(flows.flatMap((id) => [...fullClosure(graph, id)]));
    const staffFirst = new Set(
      [...(login ? staticClosure(graph, login) : [])].filter(
        (id) =>
          later.has(id) &&
          !runtime.has(id) &&
          !api.has(id) &&
          !shared.has(id) &&
          !signIn.has(id) &&
          id !== login,
      ),
    );
    const standIn = staticClosure(graph, STAND_IN);
    const basics = new Set([...standIn].filter((id) => runtime.has(id) || shared.has(id)));
    cut = { basics, standIn, runtime, api, shared, signIn, staffFirst };
    cuts.set(graph, cut);
  }
  return cut;
}

/**
 * How the element bundle is cut into chunks (docs/performance.md). Rolldown would give
 * every module shared by two dynamic imports a chunk of its own: the sign-in step came in 33
 * files, and gzip, compressing each file alone, sent 8.7 kB more than for the same code in one.
 * So, by step and by what loads together:
 *
 * - `basics`: what the flows' sign-in step drawn before the runtime (lib/flows/shared/signInStandIn.ts)
 *   shares with every element (the sign-in texts, the base stylesheet, the theme): every page
 *   needs it, the stand-in first;
 * - `standIn`: that stand-in, with what it shares with the live flows only (their step lists and
 *   stylesheets), so staff pages never load it;
 * - `runtime`: the registration (`lib/elements/index.ts`, which the entry imports after the page's
 *   first frame) and everything it imports statically (Preact with its hooks, nanostores, the
 *   element class, the lazy loader, the configuration, the sign-in texts): every page needs it;
 *   with it, what the flows' sign-in steps share with the staff elements (field parts, form
 *   helpers, guards), which every element's chunk imported anyway (a file of its own cost each
 *   first step 0.6 kB gzip);
 * - `api`: the API client with ky, which the flows and the staff tools import statically and the
 *   runtime on a host page's first call: a page with only widgets never loads it;
 * - `flow`: what both flows' sign-in steps import statically beyond that (flow shell, e-mail
 *   sign-in, e-mail input), so a `<nu-form>` page loads it in one file and staff pages never;
 *   `forms`: what the staff login's first screen shares with flow parts loaded after the sign-in
 *   step has painted (the code entry's text field and submit logic), in one file;
 * - each flow's own component (NuForm, RecruitmentForm), each later step, each staff element,
 *   the English and the later zh-HK texts: as Rolldown cuts them, by dynamic import;
 * - `qrcode` (the QR encoder with its dependency) when a QR code is first drawn.
 */
export const elementChunkGroups = [
  // Higher priority first: a group also takes its modules' dependencies, so `runtime` must claim
  // Preact before `flow` would.
  {
    name: (id: string, graph: Graph) => (cutOf(graph).basics.has(id) ? "basics" : null),
    priority: 6,
    debugName: "basics",
  },
  {
    name: (id: string, graph: Graph) => (cutOf(graph).standIn.has(id) ? "standIn" : null),
    priority: 5,
    debugName: "standIn",
  },
  {
    name: (id: string, graph: Graph) => {
      const cut = cutOf(graph);
      return cut.runtime.has(id) || cut.shared.has(id) ? "runtime" : null;
    },
    priority: 4,
    debugName: "runtime",
  },
  {
    // Below `runtime` (which keeps the modules the client shares with it), above `flow` and `forms`
    // (which would otherwise take the client as a dependency of their modules).
    name: (id: string, graph: Graph) => (cutOf(graph).api.has(id) ? "api" : null),
    priority: 3,
    debugName: "api",
  },
  {
    name: (id: string, graph: Graph) => (cutOf(graph).signIn.has(id) ? "flow" : null),
    priority: 2,
    debugName: "flow",
  },
  {
    name: (id: string, graph: Graph) => (cutOf(graph).staffFirst.has(id) ? "forms" : null),
    priority: 2,
    debugName: "forms",
  },
  {
    name: "qrcode",
    test: /[\\/]node_modules[\\/](qrcode|dijkstrajs)[\\/]/,
    priority: 1,
    debugName: "qrcode",
  },
];
