/**
 * The npm package's `dependencies` are exactly what the library (`lib/`) imports in a browser:
 * nothing the library needs is missing for a React user, and no server package (pino, Hono …) is
 * installed into their app. React and React DOM are peer dependencies.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "..");
const manifest = JSON.parse(readFileSync(resolve(ROOT, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};

/** The packages the library's own modules (not its tests) import. */
function libraryImports(): Set<string> {
  const files = execFileSync("git", ["ls-files", "lib"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
  const names = new Set<string>();
  for (const file of files) {
    const text = readFileSync(resolve(ROOT, file), "utf8");
    for (const [, spec] of text.matchAll(/(?:^|[\s;}])(?:from|import)\s*\(?\s*"([^".\s][^"\s]*)"/gm)) {
      // virtual: modules are made by the build (build/first-paint.ts), not installed.
      if (spec.startsWith("node:") || spec.startsWith("virtual:")) continue;
      const parts = spec.split("/");
      names.add(spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]);
    }
  }
  return names;
}

it("React is an optional peer: only the React entry needs it, the elements run on their own Preact", () => {
  const meta = (
    JSON.parse(readFileSync(resolve(ROOT, "package.json"), "utf8")) as {
      peerDependenciesMeta: Record<string, { optional?: boolean }>;
    }
  ).peerDependenciesMeta;
  expect(meta.react?.optional).toBe(true);
  expect(meta["react-dom"]?.optional).toBe(true);
});

it("dependencies are what lib/ imports; React is a peer", () => {
  const imported = libraryImports();
  const peers = Object.keys(manifest.peerDependencies);
  expect(peers.sort()).toEqual(["react", "react-dom"]);
  const needed = [...imported].filter((name) => !peers.includes(name)).sort();
  expect(Object.keys(manifest.dependencies).sort()).toEqual(needed);
});

it("each code entry gives types first and a default last, so require() works where Node allows it", () => {
  const { exports } = JSON.parse(readFileSync(resolve(ROOT, "package.json"), "utf8")) as {
    exports: Record<string, string | Record<string, string>>;
  };
  for (const entry of [".", "./elements", "./core"]) {
    const conditions = exports[entry];
    expect(typeof conditions, entry).toBe("object");
    const keys = Object.keys(conditions);
    expect(keys[0], entry).toBe("types");
    expect(keys.at(-1), entry).toBe("default");
  }
});

/**
 * Packages whose internals the library reads (not their documented API): a patch release may change
 * those, so the package pins the exact version it was tested with, and an upgrade is a change of its own.
 */
const INTERNALS_READ = [
  // r2wc's state on the element, under its registered symbols.
  { name: "@r2wc/core", file: "lib/elements/define.ts", reads: 'Symbol.for("r2wc.' },
];

it("pins exactly the packages whose internals it reads, at the version installed", () => {
  const lock = JSON.parse(readFileSync(resolve(ROOT, "package-lock.json"), "utf8")) as {
    packages: Record<string, { version?: string; dependencies?: Record<string, string> }>;
  };
  for (const { name, file, reads } of INTERNALS_READ) {
    expect(readFileSync(resolve(ROOT, file), "utf8"), `${file} still reads ${name}'s internals`).toContain(
      reads,
    );
    const pinned = manifest.dependencies[name];
    expect(pinned, name).toMatch(/^\d+\.\d+\.\d+$/);
    expect(lock.packages[""].dependencies?.[name], `package-lock.json: ${name}`).toBe(pinned);
    expect(lock.packages[`node_modules/${name}`].version, `installed ${name}`).toBe(pinned);
  }
});
