/**
 * What the build must leave true that no source file says: read from dist/ after `npm run build`
 * (npm test builds first; the clone-alone run of .ci/run has no build and leaves this file out).
 *
 * - package.json's `"sideEffects"` names every shipped module that changes the page when it is
 *   imported (a user's bundler drops any other module whose exports go unused), and only files
 *   the package ships.
 * - Every dynamic import between the element bundle's chunks went through the retry loader
 *   (build/chunk-retry.ts): the plugin finds them by text, so a change in Rolldown's output would
 *   otherwise leave plain `import()`s, and a chunk that failed once would never load again.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { posix, relative, resolve } from "node:path";
import { rolldown } from "rolldown";
import { parseAst } from "rolldown/parseAst";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
/** `.ci/run`'s clone of the repository alone has no build: it sets this (npm test builds first). */
const UNBUILT = process.env.NU_FORMS_UNBUILT === "1";

beforeAll(() => {
  for (const file of ["dist/lib/index.js", "dist/lib/elements.js", "dist/elements/nu-forms.js"])
    if (!existsSync(resolve(ROOT, file))) throw new Error(`${file} is missing: run \`npm run build\` first`);
});

/** The .js files under `dir` (repository-relative, `/`-separated). */
const scripts = (dir: string) =>
  readdirSync(resolve(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js"))
    .map((file) => posix.join(dir, file.split("\\").join("/")))
    .sort();

type Node = { type: string; [key: string]: unknown };

/** Every node of `node`'s tree with its parent. */
function* walk(node: unknown, parent: Node | null = null): Generator<[Node, Node | null]> {
  if (Array.isArray(node)) {
    for (const child of node) yield* walk(child, parent);
    return;
  }
  if (!node || typeof node !== "object" || typeof (node as Node).type !== "string") return;
  yield [node as Node, parent];
  for (const [key, value] of Object.entries(node)) if (key !== "type") yield* walk(value, node as Node);
}

/** The text of a string literal (the minifier writes some as templates), else undefined. */
function stringOf(node: Node | undefined): string | undefined {
  if (node?.type === "Literal" && typeof node.value === "string") return node.value;
  const quasis = node?.quasis as { value: { cooked: string } }[] | undefined;
  if (node?.type === "TemplateLiteral" && quasis?.length === 1) return quasis[0].value.cooked;
  return undefined;
}

/** What a module can touch of the page at import: the browser's globals. */
const PAGE_GLOBALS = new Set([
  "customElements",
  "document",
  "window",
  "globalThis",
  "self",
  "addEventListener",
  "localStorage",
  "sessionStorage",
  "history",
  "location",
]);

/** The page globals `code` names (as variables, not as property names). */
function pageGlobalsIn(code: string): string[] {
  const found = new Set<string>();
  for (const [node, parent] of walk(parseAst(code))) {
    if (node.type !== "Identifier" || !PAGE_GLOBALS.has(node.name as string)) continue;
    if (parent?.type === "MemberExpression" && parent.property === node && !parent.computed) continue;
    if (
      (parent?.type === "Property" || parent?.type === "MethodDefinition") &&
      parent.key === node &&
      !parent.computed
    )
      continue;
    found.add(node.name as string);
  }
  return [...found];
}

/**
 * What of each module still runs when a page imports it and uses none of its exports, as a
 * bundler's tree-shaking leaves it (Rolldown's, each module alone, its imports left outside).
 */
async function codeKeptOnImport(files: string[]): Promise<Map<string, string>> {
  const prefix = "\0only:";
  const bundle = await rolldown({
    input: Object.fromEntries(files.map((file, i) => [`m${i}`, prefix + resolve(ROOT, file)])),
    plugins: [
      {
        name: "one-module-alone",
        resolveId(id, importer) {
          if (id.startsWith(prefix)) return id;
          if (importer?.startsWith(prefix)) return id;
          return { id, external: true };
        },
        load(id) {
          return id.startsWith(prefix) ? `import ${JSON.stringify(id.slice(prefix.length))};` : null;
        },
      },
    ],
    logLevel: "silent",
  });
  const { output } = await bundle.generate({ format: "es", comments: false });
  const kept = new Map<string, string>();
  for (const chunk of output) {
    if (chunk.type !== "chunk" || !chunk.facadeModuleId) continue;
    const file = relative(ROOT, chunk.facadeModuleId.slice(prefix.length)).split("\\").join("/");
    kept.set(file, chunk.code);
  }
  return kept;
}

describe.skipIf(UNBUILT)('package.json "sideEffects"', () => {
  const manifest = JSON.parse(readFileSync(resolve(ROOT, "package.json"), "utf8")) as {
    sideEffects: string[];
  };
  const patterns = manifest.sideEffects.map((glob) => ({
    glob,
    re: new RegExp(`^${glob.replace(/^\.\//, "").replace(/\./g, "\\.").replace(/\*/g, "[^/]*")}$`),
  }));
  const listed = (file: string) => patterns.some(({ re }) => re.test(file));

  it("names only files the package ships", () => {
    const { files } = JSON.parse(readFileSync(resolve(ROOT, "package.json"), "utf8")) as { files: string[] };
    const shippedDirs = files.filter((entry) => !entry.startsWith("!"));
    for (const { glob, re } of patterns) {
      const path = glob.replace(/^\.\//, "");
      expect(
        shippedDirs.some((dir) => path === dir || path.startsWith(`${dir}/`)),
        `${glob} is not in "files"`,
      ).toBe(true);
      const dir = posix.dirname(path);
      const present = existsSync(resolve(ROOT, dir)) && scripts(dir).some((file) => re.test(file));
      expect(present, `${glob} matches no file of the build`).toBe(true);
    }
  });

  it("names every shipped module that touches the page when imported, and no React-entry module that does not", async () => {
    const files = [...scripts("dist/lib"), ...scripts("dist/elements")];
    const kept = await codeKeptOnImport(files);
    expect([...kept.keys()].sort()).toEqual([...files].sort());
    const touching = files.filter((file) => pageGlobalsIn(kept.get(file) ?? "").length > 0);
    // The registration of the elements, in the package and in the bundle, at least.
    expect(touching).toEqual(expect.arrayContaining(["dist/lib/elements.js", "dist/elements/nu-forms.js"]));
    expect(touching.filter((file) => !listed(file))).toEqual([]);
    // The React entry's modules (one file per source module) are all left to the bundler.
    const reactEntry = scripts("dist/lib").filter(
      (file) => file !== "dist/lib/elements.js" && !file.startsWith("dist/lib/elements-chunks/"),
    );
    expect(reactEntry.filter(listed)).toEqual([]);
  }, 60_000);
});

describe.skipIf(UNBUILT)("the element bundle's dynamic imports", () => {
  const files = UNBUILT ? [] : scripts("dist/elements");
  const parsed = new Map(files.map((file) => [file, parseAst(readFileSync(resolve(ROOT, file), "utf8"))]));
  const target = (from: string, specifier: string) =>
    posix.normalize(posix.join(posix.dirname(from), specifier));

  /** The chunks `file` imports statically (import and export … from: top-level statements). */
  const staticImports = new Map(
    files.map((file) => [
      file,
      ((parsed.get(file)?.body ?? []) as unknown as Node[])
        .filter((node) => /^(ImportDeclaration|ExportNamedDeclaration|ExportAllDeclaration)$/.test(node.type))
        .map((node) => stringOf(node.source as Node | undefined))
        .filter((specifier): specifier is string => specifier?.startsWith(".") === true)
        .map((specifier) => target(file, specifier)),
    ]),
  );
  const loadedWith = (file: string, into = new Set<string>()) => {
    for (const dep of staticImports.get(file) ?? [])
      if (!into.has(dep)) {
        into.add(dep);
        loadedWith(dep, into);
      }
    return into;
  };

  it("each import() of a chunk not loaded already goes through the retry loader", () => {
    const plain: string[] = [];
    let retried = 0;
    for (const file of files) {
      const loaded = loadedWith(file);
      for (const [node] of walk(parsed.get(file))) {
        // The loader's call as the plugin writes it: (chunk, [its chunks not loaded yet]).
        const [chunk, deps] = (node.arguments ?? []) as Node[];
        if (
          node.type === "CallExpression" &&
          stringOf(chunk)?.endsWith(".js") &&
          deps?.type === "ArrayExpression"
        )
          retried++;
        if (node.type !== "ImportExpression") continue;
        // The loader's own import() and the entry's (all its chunks at once) take a URL.
        const specifier = stringOf(node.source as Node);
        if (specifier !== undefined && !loaded.has(target(file, specifier)))
          plain.push(`${file}: import("${specifier}")`);
      }
    }
    expect(plain).toEqual([]);
    // The steps after sign-in, the widgets and the catalogues load through it.
    expect(retried).toBeGreaterThan(10);
  });
});
