/**
 * The documentation stays short and says its own rules: README within 20 kB, docs/performance.md
 * within 25 kB, docs/ARCHITECTURE.md within 12 kB, all markdown within 220 kB, no tracked file citing a document the repository does not have (the rules are in
 * docs/rules.md, in the project's own words), every `docs/….md#anchor` a file names leads to a
 * heading, and docs/api.md's tables are the ones the schemas give.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { API_DOC, fillApiDocs } from "../build/api-docs.ts";

const root = resolve(import.meta.dirname, "..");
const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter(
    (file) => file && !/\.(png|jpe?g|webp|ico|woff2?|gz|br)$/.test(file) && existsSync(join(root, file)),
  );
const read = (file: string) => readFileSync(join(root, file), "utf8");

/**
 * A citation of the outside product documents (their names followed by a section sign or `.md`)
 * or of an issue tracker's numbers. Built from parts, so that this file does not cite them itself.
 */
const OUTSIDE_CITATION = new RegExp(
  [...["SPEC", "DESIGN"].flatMap((name) => [`${name} §`, `${name}\\.md`]), "\\bissues? #?\\d+"].join("|"),
  "gi",
);
const cite = (name: string, tail: string) => `${name}${tail}`;

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsIn(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.*)$/.exec(line);
    if (heading) anchors.add(anchorOf(heading[1]));
  }
  return anchors;
}

describe("documentation size", () => {
  it("README.md is at most 20 kB", () => {
    expect(Buffer.byteLength(read("README.md"))).toBeLessThanOrEqual(20_000);
  });

  it("docs/performance.md is at most 25 kB", () => {
    expect(Buffer.byteLength(read("docs/performance.md"))).toBeLessThanOrEqual(25_000);
  });

  it("docs/ARCHITECTURE.md, a map, is at most 12 kB", () => {
    expect(Buffer.byteLength(read("docs/ARCHITECTURE.md"))).toBeLessThanOrEqual(12_000);
  });

  it("all tracked markdown together is at most 220 kB", () => {
    const files = execFileSync("git", ["ls-files", "*.md"], { cwd: root, encoding: "utf8" }).split("\n");
    const bytes = files.filter(Boolean).reduce((sum, file) => sum + Buffer.byteLength(read(file)), 0);
    expect(bytes).toBeLessThanOrEqual(220_000);
  });
});

describe("the repository explains its own rules", () => {
  it("recognises the citations it forbids", () => {
    const citations = [
      cite("SPEC", " §4"),
      cite("DESIGN", " §5"),
      `see ${cite("SPEC", ".md")}`,
      cite("DESIGN", ".md"),
      cite("issue", " 11"),
      cite("Issue", " #17"),
      cite("issues", " 12"),
    ];
    for (const text of citations) {
      expect(text.match(OUTSIDE_CITATION), text).not.toBeNull();
    }
    for (const text of ["docs/rules.md#guards", "an issue with 2 fields", "tissue 3"]) {
      expect(text.match(OUTSIDE_CITATION), text).toBeNull();
    }
  });

  it("no tracked file cites the outside product documents or an issue number", () => {
    const found = tracked.flatMap((file) =>
      read(file)
        .split("\n")
        .flatMap((line, i) => (line.match(OUTSIDE_CITATION) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it("every docs/….md#anchor a tracked file names is a heading of that page", () => {
    const pages = new Map<string, Set<string>>();
    const broken: string[] = [];
    for (const file of tracked) {
      for (const match of read(file).matchAll(/\bdocs\/([\w-]+\.md)(?:#([\w-]+))?/g)) {
        const page = `docs/${match[1]}`;
        if (!existsSync(join(root, page))) {
          // A test of path handling may name a made-up page.
          if (!file.endsWith(".test.ts")) broken.push(`${file}: ${match[0]} (no such page)`);
          continue;
        }
        if (!match[2]) continue;
        if (!pages.has(page)) pages.set(page, anchorsIn(read(page)));
        if (!pages.get(page)?.has(match[2])) broken.push(`${file}: ${match[0]} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("links between the docs pages lead to a page and a heading", () => {
    const broken: string[] = [];
    for (const file of tracked.filter((f) => f === "README.md" || /^docs\/[\w-]+\.md$/.test(f))) {
      const dir = file === "README.md" ? "" : "docs/";
      for (const match of read(file).matchAll(/\]\((?!https?:|mailto:)([^)#\s]*)(?:#([^)\s]+))?\)/g)) {
        const target = match[1] ? join(dir, match[1]) : file;
        if (!existsSync(join(root, target))) {
          broken.push(`${file}: ${match[0]}`);
          continue;
        }
        if (match[2] && target.endsWith(".md") && !anchorsIn(read(target)).has(match[2])) {
          broken.push(`${file}: ${match[0]} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});

describe("docs/api.md", () => {
  it("has the tables the schemas and the error codes give (npm run build:api-docs)", () => {
    const current = readFileSync(API_DOC, "utf8");
    expect(fillApiDocs(current) === current, "docs/api.md is stale: run npm run build:api-docs").toBe(true);
  });
});
