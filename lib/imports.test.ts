import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const LIB = dirname(fileURLToPath(import.meta.url));
const STAFF = join(LIB, "staff");
const FLOWS = join(LIB, "flows");
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^"';]*?from\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)|^import\s+"([^"]+)"/gm;

/** The relative modules `file` imports (static and dynamic), as absolute paths; packages are left out. */
function importsOf(file: string): string[] {
  const found: string[] = [];
  for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (spec?.startsWith(".")) found.push(resolve(dirname(file), spec));
  }
  return found;
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => join(dir, name));
}

/** Every module `start` reaches through imports, each with the chain that led to it. */
function reachable(start: string): Map<string, string[]> {
  const seen = new Map<string, string[]>([[start, [start]]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    for (const next of importsOf(file)) {
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
