/**
 * The import graph of the repository's own modules, read from their source: what the module
 * boundary tests walk (test/server-imports.test.ts; lib/imports.test.ts has its own walk, bounded to lib/).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^"';]*?from\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)|^import\s+"([^"]+)"/gm;

/** Every specifier `file` imports or re-exports (static and dynamic), as written. */
export function specifiersOf(file: string): string[] {
  const found: string[] = [];
  for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (spec) found.push(spec);
  }
  return found;
}

/** The relative modules `file` imports (static and dynamic), as absolute paths; packages are left out. */
export function importsOf(file: string): string[] {
  return specifiersOf(file)
    .filter((spec) => spec.startsWith("."))
    .map((spec) => resolve(dirname(file), spec));
}

/** The source modules under `dir` (.ts, .tsx), tests left out. */
export function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => join(dir, name));
}

/**
 * Every module `start` reaches through relative imports, each with the chain that led to it; the
 * walk goes on only through modules for which `follow` is true (the others are listed, not read).
 */
export function reachable(start: string, follow: (file: string) => boolean): Map<string, string[]> {
  const seen = new Map<string, string[]>([[start, [start]]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    for (const next of importsOf(file)) {
      if (seen.has(next)) continue;
      seen.set(next, [...(seen.get(file) ?? []), next]);
      if (follow(next)) queue.push(next);
    }
  }
  return seen;
}
