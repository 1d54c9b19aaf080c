/**
 * The repository stands alone: no tracked file may point at a path outside it (a `shared/` folder
 * beside the clone, an absolute path of one machine). A fresh clone with nothing beside it must pass
 * `npm test`; `.ci/run` also proves that by running the unit and API suites in such a clone.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
/** This file names outside paths on purpose, as examples the check must catch. */
const SELF = "test/standalone.test.ts";
const TEXT = /\.(ts|tsx|js|mjs|cjs|json|md|sh|html|css|yml|yaml|toml)$|^\.ci\/run$/;
const RELATIVE = /(?<![\w./])((?:\.\.\/)+)([\w@.-][\w@./-]*)?/g;
const MACHINE_PATHS = /(?<![\w.])\/(?:work|home|root|Users|tmp\/bash_jobs)\/[\w.-]+/g;

function tracked(): string[] {
  return execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter((f) => f && TEXT.test(f) && f !== "package-lock.json" && f !== SELF);
}

const outside = (path: string) => path !== ROOT && !path.startsWith(ROOT + sep);

/** Every reference in `file` that resolves outside the repository. */
function outsideReferences(file: string, text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(RELATIVE)) {
    const ref = match[0];
    const fromFile = resolve(ROOT, dirname(file), ref);
    // Prose names paths from the repository root as often as from the document's folder.
    const fromRoot = resolve(ROOT, ref);
    const prose = file.endsWith(".md") && outside(fromRoot) && !existsSync(fromFile);
    if (outside(fromFile) || prose) found.push(ref);
  }
  for (const match of text.matchAll(MACHINE_PATHS)) found.push(match[0]);
  return found;
}

describe("the repository stands alone", () => {
  it("finds an outside reference when there is one (the check can fail)", () => {
    expect(outsideReferences("e2e/support/x.ts", 'resolve(here, "../../../shared/fixtures/als")')).toEqual([
      "../../../shared/fixtures/als",
    ]);
    expect(outsideReferences("docs/a.md", "see `../shared/NOTES.md`")).toEqual(["../shared/NOTES.md"]);
    expect(outsideReferences("lib/flows/nuform/a.ts", 'import "../shared/draft.ts"')).toEqual([]);
    expect(outsideReferences("scripts/a.ts", 'const dir = "/work/shared/fixtures"')).toEqual([
      "/work/shared",
    ]);
  });

  it("no tracked file refers to a path outside the repository", () => {
    const offenders = tracked().flatMap((file) =>
      outsideReferences(file, readFileSync(resolve(ROOT, file), "utf8")).map((ref) => `${file}: ${ref}`),
    );
    expect(offenders).toEqual([]);
  });

  it("the reference data the tests use is in the repository, with its provenance", () => {
    const files = tracked();
    for (const f of ["fixtures/SOURCES.md", "fixtures/als/SOURCES.md", "fixtures/als/SCHEMA.md"]) {
      expect(files).toContain(f);
    }
  });
});
