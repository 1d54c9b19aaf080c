import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { TOKEN_DOCS } from "../lib/ui/theme.docs.ts";
import { TOKENS } from "../lib/ui/theme.ts";
import { buildManifest, docTargets } from "./custom-elements-manifest.ts";
import { fillBlocks, renderBlocks, updateDocTables } from "./element-docs-tables.ts";
import { importsOf, partsOf, scan } from "./manifest-scan.ts";

/** docs/elements.md: every element of the bundle. */
const DESIGN_TAGS = [
  "nu-form",
  "nu-recruitment-form",
  "nu-staff-login",
  "nu-staff-verification",
  "nu-staff-result",
  "nu-redeem-center",
  "nu-nutritionist-redeem",
  "nu-invoice-qrcode",
  "nu-invoice",
  // The lead desk (/staff/leads): an element of the staff area like the others, for admins.
  "nu-lead-desk",
  "nu-radio-group",
  "nu-card",
  "nu-select",
  "nu-email-input",
  "nu-date-picker",
  "nu-confirm-dialog",
  "nu-error-message",
  "nu-address-selector",
];

describe("manifest-scan", () => {
  it("expands a part template over the literal list the file maps", () => {
    const code = `{(["block", "floor", "room"] as const).map((field) => (
      <input part={\`input \${field}\`} />))}
      <p part="street hint" />`;
    expect(partsOf("x.tsx", code)).toEqual(["input", "block", "floor", "room", "street", "hint"]);
  });

  it("refuses a dynamic part it cannot list", () => {
    expect(() => partsOf("x.tsx", `<p part={\`cell \${kind}\`} />`)).toThrow(/not a mapped literal list/);
    expect(() => partsOf("x.tsx", `<p part={\`cell-\${kind}\`} />`)).toThrow(/write it plainly/);
  });

  it("follows value imports but not type-only ones", () => {
    const dir = mkdtempSync(join(tmpdir(), "nu-scan-"));
    for (const name of ["a", "b", "c", "d"]) writeFileSync(join(dir, `${name}.ts`), "");
    const file = join(dir, "main.tsx");
    const code = `import type { A } from "./a.ts";
import { type B } from "./b.ts";
import { type C, c } from "./c.ts";
import "./d.ts";
export type { X } from "./a.ts";`;
    expect(importsOf(file, code).map((f) => f.slice(dir.length + 1))).toEqual(["c.ts", "d.ts"]);
  });

  it("collects parts, --nu-* tokens and dispatched events through the imports", () => {
    const dir = mkdtempSync(join(tmpdir(), "nu-scan-"));
    writeFileSync(
      join(dir, "child.tsx"),
      'export const x = () => emit("nu-change", {}); const css = token("radius");',
    );
    writeFileSync(
      join(dir, "main.tsx"),
      `import { x } from "./child.tsx";\nconst s = "color: var(--nu-color-text, red); gap: " + space(2);\n<div part="root" />`,
    );
    const found = scan([join(dir, "main.tsx")], new Set(["radius", "color-text", "space"]));
    expect([...found.parts]).toEqual(["root"]);
    expect([...found.tokens].sort()).toEqual(["color-text", "radius", "space"]);
    expect([...found.events]).toEqual(["nu-change"]);
  });
});

/** Reading every element's module takes 2–3 s alone, far longer while the whole suite runs on 2 cores. */
const MANIFEST_TIMEOUT_MS = 60_000;

describe("custom-elements.json", () => {
  let manifest: Awaited<ReturnType<typeof buildManifest>>;
  let declarations: (typeof manifest)["modules"][0]["declarations"];
  let byTag: Map<string, (typeof declarations)[number]>;
  beforeAll(async () => {
    manifest = await buildManifest();
    declarations = manifest.modules[0].declarations;
    byTag = new Map(declarations.map((d) => [d.tagName, d]));
  }, MANIFEST_TIMEOUT_MS);

  it("is schema 1.0.0 and lists every element of docs/elements.md, each exported by both modules", () => {
    expect(manifest.schemaVersion).toBe("1.0.0");
    expect([...byTag.keys()].sort()).toEqual([...DESIGN_TAGS].sort());
    for (const module of manifest.modules) {
      expect(module.exports.map((e) => e.name).sort()).toEqual([...DESIGN_TAGS].sort());
    }
  });

  it("gives every element the common attributes, as attributes and as properties", () => {
    for (const declaration of declarations) {
      const attributes = declaration.attributes.map((a) => a.name);
      expect(attributes).toEqual(expect.arrayContaining(["api-base", "api-key", "lang"]));
      expect(declaration.members.map((m) => m.attribute)).toEqual(attributes);
    }
    const picker = byTag.get("nu-date-picker");
    expect(picker?.attributes.find((a) => a.name === "min-days")).toMatchObject({
      fieldName: "minDays",
      type: { text: "number" },
      default: '"0"',
    });
  });

  it("reads events, parts and custom properties from the code", () => {
    const form = byTag.get("nu-form");
    expect(form?.events.map((e) => e.name)).toEqual(
      expect.arrayContaining(["nu-step", "nu-submit", "nu-error"]),
    );
    expect(form?.events.find((e) => e.name === "nu-submit")?.type.text).toBe(
      "CustomEvent<{ leadId: string }>",
    );
    expect(form?.cssParts.map((p) => p.name)).toEqual(
      expect.arrayContaining(["step", "step-title", "consent"]),
    );
    expect(byTag.get("nu-date-picker")?.cssParts.map((p) => p.name)).toContain("calendar-day");
    expect(byTag.get("nu-card")?.slots).toEqual([{ name: "", description: expect.any(String) }]);
    const primary = form?.cssProperties.find((p) => p.name === "--nu-color-primary");
    expect(primary).toEqual({
      name: "--nu-color-primary",
      default: TOKENS["color-primary"],
      description: TOKEN_DOCS["color-primary"],
    });
  });
});

describe("element tables in docs/elements.md and docs/widgets.md", () => {
  let declarations: Awaited<ReturnType<typeof buildManifest>>["modules"][0]["declarations"];
  beforeAll(async () => {
    declarations = (await buildManifest()).modules[0].declarations;
  }, MANIFEST_TIMEOUT_MS);

  it("are generated from the same docs as the manifest, and current", async () => {
    const root = join(import.meta.dirname, "..");
    expect(updateDocTables(root, await docTargets(), declarations, true)).toEqual([]);
    const widgets = readFileSync(join(root, "docs/widgets.md"), "utf8");
    // The confirm dialog's default label is the one ConfirmDialog.tsx shows (widgets.dialog.confirm).
    expect(widgets).toContain("| `confirm-label` | `string` | `確定` |");
    const blocks = renderBlocks(declarations);
    expect(blocks.get("elements")).toContain("| `<nu-date-picker>` | `DatePicker` |");
    expect(blocks.get("nu-date-picker")).toContain("| `min-days` | `number` | `0` |");
  });

  it("replaces only what is between the markers, and says when a file is stale", () => {
    const dir = mkdtempSync(join(tmpdir(), "nu-tables-"));
    const stale = "# Card\n\nprose\n\n<!-- nu-docs:nu-card -->\nold table\n<!-- /nu-docs -->\n\nmore prose\n";
    writeFileSync(join(dir, "x.md"), stale);
    const targets = [{ file: "x.md", required: ["nu-card"] }];
    expect(updateDocTables(dir, targets, declarations, true)).toEqual(["x.md"]);
    expect(readFileSync(join(dir, "x.md"), "utf8")).toBe(stale);
    expect(updateDocTables(dir, targets, declarations, false)).toEqual(["x.md"]);
    const written = readFileSync(join(dir, "x.md"), "utf8");
    expect(written).not.toContain("old table");
    expect(written).toMatch(/^# Card\n\nprose\n\n<!-- nu-docs:nu-card -->\n/);
    expect(written).toContain("| `heading-level` | `number` | `2` |");
    expect(written).toMatch(/<!-- \/nu-docs -->\n\nmore prose\n$/);
    expect(updateDocTables(dir, targets, declarations, true)).toEqual([]);
  });

  it("refuses a marker naming no element and a missing block", () => {
    const blocks = renderBlocks(declarations);
    expect(() => fillBlocks("<!-- nu-docs:nu-nothing -->\n<!-- /nu-docs -->", blocks, "x.md", [])).toThrow(
      /nu-nothing --> names no element/,
    );
    expect(() => fillBlocks("no markers", blocks, "x.md", ["nu-card"])).toThrow(
      /no <!-- nu-docs:nu-card -->/,
    );
  });
});
