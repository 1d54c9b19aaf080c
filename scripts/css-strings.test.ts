import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parseAst, transformWithEsbuild, transformWithOxc } from "vite";
import { describe, expect, it } from "vitest";
import { cssTemplate, minifiedCssStrings, minifyCssText, type Node, visit } from "../vite.css-strings.ts";

const root = join(import.meta.dirname, "..");

describe("minifyCssText", () => {
  it("drops comments and line breaks, and the spaces around braces and semicolons", () => {
    expect(minifyCssText("\n/* the list */\n.nu-a > .nu-b {\n  color: red;\n  margin: 0 auto;\n}\n")).toBe(
      " .nu-a > .nu-b{color: red;margin: 0 auto;}",
    );
  });

  it("keeps one space where a value goes on over a line break, and the spaces inside a value", () => {
    expect(minifyCssText("box-shadow:\n    0 8px 24px rgb(0 0 0 / 0.16),\n    0 0 1px red;")).toBe(
      "box-shadow: 0 8px 24px rgb(0 0 0 / 0.16), 0 0 1px red;",
    );
  });

  it("keeps the space beside an interpolation: a fragment's edge may sit inside a value", () => {
    expect(minifyCssText("padding: ")).toBe("padding: ");
    expect(minifyCssText(" 0;\n}")).toBe(" 0;}");
  });
});

function libModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return libModules(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Each CSS template of `js` with its interpolations as placeholders (the same in both versions). */
function cssTemplates(js: string): string[] {
  const found: string[] = [];
  visit(parseAst(js) as unknown as Node, (node) => {
    const template = cssTemplate(node);
    if (template) found.push(template.quasis.map((quasi) => quasi.value.raw).join("var(--interpolation)"));
  });
  return found;
}

const cssMinified = async (css: string) =>
  (await transformWithEsbuild(css, "sheet.css", { loader: "css", minify: true })).code;

describe("minifiedCssStrings (the element bundle's plugin)", () => {
  it("leaves every CSS text in lib/ meaning the same, with no line break left", async () => {
    const plugin = minifiedCssStrings();
    const transform = plugin.transform as (
      this: unknown,
      code: string,
      id: string,
    ) => { code: string; map: unknown } | null;
    const context = {
      parse: (code: string) => parseAst(code),
      error: (message: string) => {
        throw new Error(message);
      },
    };
    let templates = 0;
    for (const file of libModules(join(root, "lib"))) {
      const source = readFileSync(file, "utf8");
      if (!source.includes("sheet(`") && !source.includes("Css = `")) continue;
      const js = (await transformWithOxc(source, file, { jsx: { runtime: "automatic" } })).code;
      const result = transform.call(context, js, file);
      const before = cssTemplates(js);
      const after = cssTemplates(result?.code ?? js);
      expect(after.length, relative(root, file)).toBe(before.length);
      for (const [index, css] of before.entries()) {
        expect(after[index], relative(root, file)).not.toContain("\n");
        expect(await cssMinified(after[index]), relative(root, file)).toBe(await cssMinified(css));
        templates++;
      }
    }
    // lib/ has about 20 (every component's sheet): a scan that finds none would prove nothing.
    expect(templates).toBeGreaterThan(15);
  });
});
