import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const LIB = resolve(dirname(fileURLToPath(import.meta.url)), "..");
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
