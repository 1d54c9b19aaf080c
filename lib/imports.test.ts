import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const LIB = dirname(fileURLToPath(import.meta.url));
const STAFF = join(LIB, "staff");
const FLOWS = join(LIB, "flows");
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^"';]*?from\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)|^import\s+"([^"]+)"/gm;

/** An `import type` or `export type`: nothing of it is loaded. */
const TYPE_ONLY = /^[\s;]*(?:import|export)\s+type\s/;

/**
 * What `file` imports (static and dynamic, or with `staticOnly` what loads with it: no `import()`,
 * no `import type`), as written.
 */
function specifiersOf(file: string, { staticOnly = false } = {}): string[] {
  const found: string[] = [];
  for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
    if (staticOnly && (match[2] !== undefined || TYPE_ONLY.test(match[0]))) continue;
    const spec = match[1] ?? match[2] ?? match[3];
    if (spec) found.push(spec);
  }
  return found;
}

/** The relative modules `file` imports, as absolute paths; packages are left out. */
function importsOf(file: string, options: { staticOnly?: boolean } = {}): string[] {
  return specifiersOf(file, options)
    .filter((spec) => spec.startsWith("."))
    .map((spec) => resolve(dirname(file), spec));
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => join(dir, name));
}

/** Every module `start` reaches through imports, each with the chain that led to it. */
function reachable(start: string, options: { staticOnly?: boolean } = {}): Map<string, string[]> {
  const seen = new Map<string, string[]>([[start, [start]]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    for (const next of importsOf(file, options)) {
      if (seen.has(next) || !next.startsWith(LIB)) continue;
      seen.set(next, [...(seen.get(file) ?? []), next]);
      queue.push(next);
    }
  }
  return seen;
}

/**
 * The floors of lib/, lowest first (docs/ARCHITECTURE.md "Floors"). A module may import its own
 * floor and the floors below it, never one above: the rules and types know no UI, a widget knows no
 * flow, a flow or staff tool knows no element registration.
 */
const FLOORS: readonly (readonly string[])[] = [
  ["core"],
  ["api", "state", "ui", "load", "gates", "config.ts"],
  ["widgets"],
  ["flows", "staff"],
  ["elements"],
  ["index.ts"],
];

/** The floor of a module of lib/ (its first path segment), or undefined for a module outside lib/. */
function floorOf(file: string): number | undefined {
  const top = relative(LIB, file).split(sep)[0];
  const floor = FLOORS.findIndex((names) => names.includes(top));
  if (floor < 0) throw new Error(`lib/${top} is on no floor: add it to FLOORS (and docs/ARCHITECTURE.md)`);
  return floor;
}

describe("lib's floors", () => {
  const sources = sourcesUnder(LIB);

  it("place every module of lib/", () => {
    expect(sources.length).toBeGreaterThan(150);
    for (const file of sources) expect(floorOf(file), relative(LIB, file)).toBeGreaterThanOrEqual(0);
  });

  it("only point down: no module imports a floor above its own", () => {
    const upward: string[] = [];
    for (const file of sources) {
      const own = floorOf(file) as number;
      for (const target of importsOf(file)) {
        if (!target.startsWith(`${LIB}${sep}`)) continue;
        const floor = floorOf(target) as number;
        if (floor > own) upward.push(`${relative(LIB, file)} → ${relative(LIB, target)}`);
      }
    }
    expect(upward).toEqual([]);
  });
});

describe("the staff tools' imports", () => {
  const staffFiles = sourcesUnder(STAFF);

  it("finds the staff modules and their imports", () => {
    expect(staffFiles.length).toBeGreaterThan(20);
    expect(importsOf(join(STAFF, "StaffLogin.tsx"))).toContain(join(LIB, "ui/form/TextField.tsx"));
  });

  // The staff pages must not download the customer flows' code: /staff/home's budget counts it.
  it("reach nothing in lib/flows/, directly or through another module", () => {
    const offending: string[] = [];
    for (const file of staffFiles) {
      for (const [module, chain] of reachable(file)) {
        if (module.startsWith(`${FLOWS}/`)) offending.push(chain.map((m) => relative(LIB, m)).join(" → "));
      }
    }
    expect(offending).toEqual([]);
  });
});

describe("the element runtime's imports", () => {
  const registration = join(LIB, "elements/index.ts");
  const client = join(LIB, "api/client.ts");

  // A page with one widget loads the registration and all it imports statically (the runtime);
  // the API client and ky load with the first call that needs them (lib/api/lazyClient.ts).
  it("reach the API client and ky only through import()", () => {
    const loaded = reachable(registration, { staticOnly: true });
    expect(loaded.has(join(LIB, "elements/runtime.ts"))).toBe(true);
    expect(
      loaded
        .get(client)
        ?.map((m) => relative(LIB, m))
        .join(" → "),
    ).toBeUndefined();
    const ky = [...loaded.keys()].filter((file) => specifiersOf(file, { staticOnly: true }).includes("ky"));
    expect(ky.map((file) => relative(LIB, file))).toEqual([]);
    expect(reachable(registration).has(client)).toBe(true);
  });
});
