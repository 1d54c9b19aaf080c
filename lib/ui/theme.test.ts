import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { TOKEN_DOCS } from "./theme.docs.ts";
import { space, TOKENS, type TokenName, token } from "./theme.ts";

describe("theme tokens", () => {
  it("docs/theming.md lists every token with its default and what it styles, and nothing else", () => {
    const doc = readFileSync(resolve(import.meta.dirname, "../../docs/theming.md"), "utf8");
    const rows = [...doc.matchAll(/^\| `--nu-([a-z-]+)` *\| `([^`]*)` *\| (.*?) *\|$/gm)].map(
      ([, name, value, text]) => [name, value, text],
    );
    expect(rows).toEqual(
      Object.entries(TOKENS).map(([name, value]) => [name, value, TOKEN_DOCS[name as TokenName]]),
    );
  });

  it("writes var() with the default, and spacing as a multiple of --nu-space", () => {
    expect(token("radius")).toBe("var(--nu-radius, 8px)");
    expect(space(1.5)).toBe("calc(1.5 * var(--nu-space, 8px))");
  });
});
