/**
 * The server's module boundary (docs/ARCHITECTURE.md): server/ imports its own modules and lib/core
 * only. What the server shows of the front end (the customer pages' frame, the sign-in step's
 * picture, their stylesheet) it reads from the build (dist/hosts/first-paint.json), never from
 * hosts/, lib/flows, lib/ui, lib/widgets or lib/elements: those are React and Preact components
 * and browser code, and the server runs from a built dist without them.
 */
import { readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf, reachable } from "./moduleImports.ts";

const ROOT = resolve(import.meta.dirname, "..");
const SERVER = join(ROOT, "server");
const CORE = join(ROOT, "lib/core");
const DIST = join(ROOT, "dist");

const inside = (dir: string) => (file: string) => file === dir || file.startsWith(`${dir}/`);
const allowed = (file: string) => inside(SERVER)(file) || inside(CORE)(file) || inside(DIST)(file);

/** Every module of server/, its tests and their support included. */
const serverModules = readdirSync(SERVER, { recursive: true, encoding: "utf8" })
  .filter((name) => /\.tsx?$/.test(name))
  .map((name) => join(SERVER, name));

describe("the server's imports", () => {
  it("finds the server's modules and what they import", () => {
    expect(serverModules.length).toBeGreaterThan(50);
    expect(importsOf(join(SERVER, "html.ts"))).toContain(join(CORE, "firstPaint.ts"));
  });

  it("reach nothing outside server/, lib/core and the build, directly or through lib/core", () => {
    const offending = new Set<string>();
    for (const file of serverModules) {
      for (const [module, chain] of reachable(file, (next) => inside(SERVER)(next) || inside(CORE)(next))) {
        if (!allowed(module)) offending.add(chain.map((m) => relative(ROOT, m)).join(" → "));
      }
    }
    expect([...offending]).toEqual([]);
  });

  it("would catch a server module that imports the host pages or a component", () => {
    const imports = (specs: string[]) => specs.map((spec) => resolve(SERVER, spec));
    expect(
      imports(["../hosts/language.ts", "../lib/flows/shared/styles.ts", "../lib/elements/lazy.tsx"]).some(
        allowed,
      ),
    ).toBe(false);
    expect(imports(["../lib/core/hostPage.ts", "./html.ts"]).every(allowed)).toBe(true);
  });
});
