import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { space, TOKENS, token } from "./theme.ts";

describe("theme tokens", () => {
  it("docs/theming.md lists every token with its default, and nothing else", () => {
    const doc = readFileSync(resolve(import.meta.dirname, "../../docs/theming.md"), "utf8");
    const rows = [...doc.matchAll(/^\| `--nu-([a-z-]+)` *\| `([^`]*)` *\|/gm)].map(([, name, value]) => [
      name,
      value,
    ]);
    expect(rows).toEqual(Object.entries(TOKENS).map(([name, t]) => [name, t.value]));
  });

  it("writes var() with the default, and spacing as a multiple of --nu-space", () => {
    expect(token("radius")).toBe("var(--nu-radius, 8px)");
    expect(space(1.5)).toBe("calc(1.5 * var(--nu-space, 8px))");
  });
});
