/**
 * The element tables of docs/elements.md and docs/widgets.md, written from the same declarations as
 * custom-elements.json (build/custom-elements-manifest.ts), so the element docs have one source:
 * the `lib/elements/*.docs.ts` modules. Each table sits between marker comments:
 *
 *   <!-- nu-docs:elements -->   docs/elements.md: every element, its own attributes and events
 *   <!-- nu-docs:nu-select -->  docs/widgets.md: one widget's attributes and events
 *   …generated…
 *   <!-- /nu-docs -->
 *
 * Text outside the markers is prose and stays as written.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

interface Attribute {
  name: string;
  type: { text: string };
  default?: string;
  description: string;
}

interface Declaration {
  tagName: string;
  name: string;
  summary: string;
  attributes: Attribute[];
  events: { name: string; type: { text: string }; description: string }[];
  slots: { name: string; description: string }[];
}

/** The attributes every element has: listed once, not in every row. */
const COMMON_ATTRIBUTES = new Set(["api-base", "api-key", "lang"]);
const GENERATED_NOTE =
  "<!-- generated from lib/elements/*.docs.ts by `npm run build:manifest`: edit those, not this table -->";

const code = (text: string) => `\`${text.replaceAll("|", "\\|")}\``;
/** Every event bubbles and is composed: docs/elements.md says so once, the rows need not. */
const cell = (text: string) =>
  text
    .replace(/ Bubbles and is composed\.$/, "")
    .replaceAll("|", "\\|")
    .replaceAll("\n", " ");
const reactName = (declaration: Declaration) => declaration.name.replace(/Element$/, "");
/** The manifest keeps defaults as JSON strings (`"\"0\""`); a table shows the attribute value. */
const defaultText = (attribute: Attribute) =>
  attribute.default === undefined ? "" : code(JSON.parse(attribute.default) as string);
/** `CustomEvent<{ value: string }>` → `{ value: string }`. */
const detailOf = (type: string) => type.replace(/^CustomEvent<(.*)>$/s, "$1");
const ownAttributes = (declaration: Declaration) =>
  declaration.attributes.filter((attribute) => !COMMON_ATTRIBUTES.has(attribute.name));

function elementsTable(declarations: Declaration[]): string {
  const rows = declarations.map((declaration) => {
    const attributes = ownAttributes(declaration).map((a) => code(a.name));
    const events = declaration.events.map((e) => code(e.name));
    return `| ${code(`<${declaration.tagName}>`)} | ${code(reactName(declaration))} | ${cell(declaration.summary)} | ${attributes.join(", ") || "—"} | ${events.join(", ")} |`;
  });
  return [
    "| element | React | what it is | its own attributes | events |",
    "|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

function elementTable(declaration: Declaration): string {
  const lines = [
    "| attribute | type | default | meaning |",
    "|---|---|---|---|",
    ...ownAttributes(declaration).map(
      (a) => `| ${code(a.name)} | ${code(a.type.text)} | ${defaultText(a)} | ${cell(a.description)} |`,
    ),
    "",
    "| event | `detail` | when |",
    "|---|---|---|",
    ...declaration.events.map(
      (e) => `| ${code(e.name)} | ${code(detailOf(e.type.text))} | ${cell(e.description)} |`,
    ),
  ];
  for (const slot of declaration.slots) {
    lines.push("", `Slot ${slot.name ? code(slot.name) : "(default)"}: ${slot.description}`);
  }
  return lines.join("\n");
}

/** Block name → its generated Markdown. */
export function renderBlocks(declarations: Declaration[]): Map<string, string> {
  const blocks = new Map<string, string>([["elements", elementsTable(declarations)]]);
  for (const declaration of declarations) blocks.set(declaration.tagName, elementTable(declaration));
  return blocks;
}

const BLOCK = /<!-- nu-docs:([a-z-]+) -->\n[\s\S]*?<!-- \/nu-docs -->/g;

/**
 * `text` with every marked block replaced by its generated content. Fails on a marker naming no
 * block, and when one of `required` has no marker in the file.
 */
export function fillBlocks(
  text: string,
  blocks: Map<string, string>,
  file: string,
  required: readonly string[],
): string {
  const problems: string[] = [];
  const found = new Set<string>();
  const filled = text.replace(BLOCK, (whole, name: string) => {
    const block = blocks.get(name);
    if (block === undefined) {
      problems.push(`${file}: <!-- nu-docs:${name} --> names no element`);
      return whole;
    }
    found.add(name);
    return `<!-- nu-docs:${name} -->\n${GENERATED_NOTE}\n\n${block}\n\n<!-- /nu-docs -->`;
  });
  for (const name of required) {
    if (!found.has(name)) problems.push(`${file}: no <!-- nu-docs:${name} --> … <!-- /nu-docs --> block`);
  }
  if (problems.length > 0) throw new Error(problems.join("\n"));
  return filled;
}

export interface DocTarget {
  /** Path from the repository root. */
  file: string;
  required: readonly string[];
}

/**
 * Writes the tables into the targets, or with `check` only compares: returns the files whose
 * tables are stale.
 */
export function updateDocTables(
  root: string,
  targets: readonly DocTarget[],
  declarations: Declaration[],
  check: boolean,
): string[] {
  const blocks = renderBlocks(declarations);
  const stale: string[] = [];
  for (const target of targets) {
    const path = resolve(root, target.file);
    const current = readFileSync(path, "utf8");
    const next = fillBlocks(current, blocks, target.file, target.required);
    if (next === current) continue;
    stale.push(target.file);
    if (!check) writeFileSync(path, next);
  }
  return stale;
}
