import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, it } from "vitest";

const LIB = resolve(import.meta.dirname);
const SPECIFIER = /(?:from\s*|import\s*\(?\s*)["']([^"']+)["']/g;

/**
 * docs/ARCHITECTURE.md: lib/ is written against React's API only; the element bundle puts Preact behind
 * React's names at build time (build/reactOnPreact.ts), never inside lib/.
 */
it("nothing in lib/ imports preact", () => {
  const offenders: string[] = [];
  for (const name of readdirSync(LIB, { recursive: true, encoding: "utf8" })) {
    if (!/\.(ts|tsx)$/.test(name)) continue;
    for (const [, specifier] of readFileSync(join(LIB, name), "utf8").matchAll(SPECIFIER)) {
      if (/^preact(\/|$)|^@preact\//.test(specifier)) offenders.push(`${name}: ${specifier}`);
    }
  }
  expect(offenders).toEqual([]);
});
