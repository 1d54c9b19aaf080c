/**
 * Writes custom-elements.json (Custom Elements Manifest, schema 1.0.0), the element tables of
 * docs/elements.md and docs/widgets.md (element-docs-tables.ts) and the elements' TypeScript types for
 * plain TS, Angular, React, Vue and Svelte (element-types.ts) from the code:
 * - the elements are the ones lib/elements/index.ts registers (each registration file's
 *   `*_ELEMENTS`), documented by the sibling `*.docs.ts` (`*_DOCS`);
 * - attributes and properties come from the definitions (r2wc props) with their docs;
 * - CSS parts, `--nu-*` properties and the events are read from the components' code
 *   (manifest-scan.ts) and checked against the docs.
 * It fails loudly when the docs and the code disagree. The `*.docs.ts` modules are the one source
 * of the element docs (the bundle never imports them); the components' Props carry no copy.
 *
 *   node --import tsx build/custom-elements-manifest.ts           write the manifest and tables
 *   node --import tsx build/custom-elements-manifest.ts --check   fail when either is stale
 */
import { readFileSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import {
  type AttributeDoc,
  attributeName,
  COMMON_ATTRIBUTE_DOCS,
  COMMON_EVENT_DOCS,
  COMMON_PROPS,
  type ElementDefinition,
  type ElementDoc,
  JSON_NOTE,
  type R2wcType,
} from "../lib/elements/meta.ts";
import { PART_DOCS } from "../lib/elements/parts.docs.ts";
import { TOKEN_DOCS } from "../lib/ui/theme.docs.ts";
import { TOKENS, type TokenName } from "../lib/ui/theme.ts";
import { type DocTarget, updateDocTables } from "./element-docs-tables.ts";
import { updateElementTypes } from "./element-types.ts";
import { scan } from "./manifest-scan.ts";

const root = resolve(import.meta.dirname, "..");
const lib = resolve(root, "lib");
const elementsDir = resolve(lib, "elements");
export const MANIFEST_PATH = resolve(root, "custom-elements.json");

/** Where the package's users find the registrations (package.json `exports`). */
const PACKAGE_MODULE = "dist/lib/elements.js";
const BUNDLE_MODULE = "dist/elements/nu-forms.js";

interface Group {
  file: string;
  definitions: ElementDefinition[];
  docs: ElementDoc[];
}

function exportEndingWith<T>(module: Record<string, unknown>, suffix: string, file: string): T {
  const names = Object.keys(module).filter((name) => name.endsWith(suffix));
  if (names.length !== 1)
    throw new Error(`${file} must export exactly one *${suffix} list, found ${names.join(", ") || "none"}`);
  return module[names[0]] as T;
}

/** The registration files lib/elements/index.ts imports, with their definitions and docs. */
export async function loadGroups(): Promise<Group[]> {
  const index = readFileSync(resolve(elementsDir, "index.ts"), "utf8");
  const files = [...index.matchAll(/^import\s+"\.\/([\w-]+)\.ts";/gm)].map((m) => m[1]);
  if (files.length === 0) throw new Error("lib/elements/index.ts imports no registration files");
  const groups: Group[] = [];
  for (const name of files) {
    const registration = await import(pathToFileURL(resolve(elementsDir, `${name}.ts`)).href);
    const docs = await import(pathToFileURL(resolve(elementsDir, `${name}.docs.ts`)).href);
    groups.push({
      file: `lib/elements/${name}.ts`,
      definitions: exportEndingWith(registration, "_ELEMENTS", `${name}.ts`),
      docs: exportEndingWith(docs, "_DOCS", `${name}.docs.ts`),
    });
  }
  return groups;
}

function sameKeys(a: object, b: object): boolean {
  const left = Object.keys(a).sort();
  const right = Object.keys(b).sort();
  return left.length === right.length && left.every((key, i) => key === right[i]);
}

const R2WC_TS_TYPE: Record<R2wcType, string> = {
  string: "string",
  number: "number",
  boolean: "boolean",
  json: "unknown",
};

function tokenEntry(name: TokenName) {
  return { name: `--nu-${name}`, default: TOKENS[name], description: TOKEN_DOCS[name] };
}

async function describeElement(
  definition: ElementDefinition,
  doc: ElementDoc,
  reactEntry: Record<string, unknown>,
) {
  const problems: string[] = [];
  const where = `<${doc.tag}>`;

  // The docs describe exactly the props the element is defined with.
  if (!sameKeys(definition.props, doc.attributes)) {
    problems.push(
      `${where}: documented attributes [${Object.keys(doc.attributes)}] differ from the defined props [${Object.keys(definition.props)}]`,
    );
  }

  // The loader, the documented source module and the React entry give the very same component.
  const sourceFile = resolve(lib, doc.source);
  const sourceModule = (await import(pathToFileURL(sourceFile).href)) as Record<string, unknown>;
  const loaded = await definition.load();
  if (sourceModule[doc.reactExport] !== loaded) {
    problems.push(`${where}: ${doc.source} does not export the ${doc.reactExport} the element loads`);
  }
  if (reactEntry[doc.reactExport] !== loaded) {
    problems.push(`${where}: the package's React entry (lib/index.ts) does not export ${doc.reactExport}`);
  }

  const found = scan([sourceFile, resolve(lib, "load/lazy.tsx")], new Set(Object.keys(TOKENS)));
  const events = { ...doc.events, ...COMMON_EVENT_DOCS, ...doc.events };
  for (const event of found.events) {
    if (!(event in events))
      problems.push(`${where}: the code dispatches ${event}, which its docs do not list`);
  }
  for (const event of Object.keys(events)) {
    if (!found.events.has(event))
      problems.push(`${where}: the docs list ${event}, which the code never dispatches`);
  }
  const parts = [...found.parts].sort();
  for (const part of parts) {
    if (!(part in PART_DOCS))
      problems.push(`${where}: part "${part}" is not described in lib/elements/parts.docs.ts`);
  }
  if (problems.length > 0) throw new Error(problems.join("\n"));

  const props = { ...COMMON_PROPS, ...definition.props } as Record<string, R2wcType>;
  const attributeDocs: Record<string, AttributeDoc> = { ...COMMON_ATTRIBUTE_DOCS, ...doc.attributes };
  const attributes = Object.entries(props).map(([prop, type]) => {
    const attributeDoc = attributeDocs[prop];
    return {
      name: attributeName(prop),
      fieldName: prop,
      type: { text: attributeDoc.tsType ?? R2WC_TS_TYPE[type] },
      ...(attributeDoc.default === undefined ? {} : { default: JSON.stringify(attributeDoc.default) }),
      description: attributeDoc.description,
    };
  });
  return {
    kind: "class",
    customElement: true,
    tagName: doc.tag,
    name: `${doc.reactExport}Element`,
    summary: doc.summary,
    description: `${doc.summary} Also a React component: \`import { ${doc.reactExport} } from "nu-forms"\`.`,
    superclass: { name: "HTMLElement", package: "global:" },
    attributes,
    members: attributes.map((attribute) => ({
      kind: "field",
      name: attribute.fieldName,
      type: attribute.type,
      ...("default" in attribute ? { default: attribute.default } : {}),
      description:
        props[attribute.fieldName] === "json" ? attribute.description + JSON_NOTE : attribute.description,
      attribute: attribute.name,
    })),
    events: Object.entries(events).map(([name, event]) => ({
      name,
      type: { text: `CustomEvent<${event.detail}>` },
      description: `${event.description} Bubbles and is composed.`,
    })),
    slots: Object.entries(doc.slots ?? {}).map(([name, description]) => ({ name, description })),
    cssParts: parts.map((name) => ({ name, description: PART_DOCS[name] })),
    cssProperties: (Object.keys(TOKENS) as TokenName[])
      .filter((name) => found.tokens.has(name))
      .map(tokenEntry),
  };
}

type Declaration = Awaited<ReturnType<typeof describeElement>>;

export async function buildManifest() {
  const groups = await loadGroups();
  const reactEntry = (await import(pathToFileURL(resolve(lib, "index.ts")).href)) as Record<string, unknown>;
  const declarations: Declaration[] = [];
  const problems: string[] = [];
  for (const group of groups) {
    const docsByTag = new Map(group.docs.map((doc) => [doc.tag, doc]));
    const definedTags = new Set(group.definitions.map((d) => d.tag));
    for (const doc of group.docs) {
      if (!definedTags.has(doc.tag))
        throw new Error(`${basename(group.file)} documents <${doc.tag}>, which it does not define`);
    }
    for (const definition of group.definitions) {
      const doc = docsByTag.get(definition.tag);
      if (!doc) throw new Error(`${group.file} defines <${definition.tag}> without docs in its .docs.ts`);
      try {
        declarations.push(await describeElement(definition, doc, reactEntry));
      } catch (error) {
        problems.push(error instanceof Error ? error.message : String(error));
      }
    }
  }
  if (problems.length > 0) throw new Error(problems.join("\n"));
  const tags = declarations.map((d) => d.tagName);
  const duplicate = tags.find((tag, i) => tags.indexOf(tag) !== i);
  if (duplicate) throw new Error(`<${duplicate}> is registered twice`);
  const definitionsIn = (module: string) =>
    declarations.map((d) => ({
      kind: "custom-element-definition",
      name: d.tagName,
      declaration: { name: d.name, module },
    }));
  return {
    schemaVersion: "1.0.0",
    readme: "README.md",
    modules: [
      {
        kind: "javascript-module",
        path: PACKAGE_MODULE,
        summary:
          'Registers every nu-* element (`import "nu-forms/elements"`), on the package\'s own copy of Preact: no React needed.',
        declarations,
        exports: definitionsIn(PACKAGE_MODULE),
      },
      {
        kind: "javascript-module",
        path: BUNDLE_MODULE,
        summary:
          'The element bundle for pages without a build step (`<script type="module" src=".../elements/nu-forms.js">`), its runtime included.',
        declarations: [],
        exports: declarations.map((d) => ({
          kind: "custom-element-definition",
          name: d.tagName,
          declaration: { name: d.name, module: PACKAGE_MODULE },
        })),
      },
    ],
  };
}

/** Where the element tables go: every element in docs/elements.md, each widget in docs/widgets.md. */
export async function docTargets(): Promise<DocTarget[]> {
  const widgets = (await loadGroups()).find((group) => group.file === "lib/elements/widgets.ts");
  if (!widgets) throw new Error("lib/elements/index.ts no longer imports widgets.ts");
  return [
    { file: "docs/elements.md", required: ["elements"] },
    { file: "docs/widgets.md", required: widgets.docs.map((doc) => doc.tag) },
  ];
}

async function main() {
  const manifest = await buildManifest();
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  const check = process.argv.includes("--check");
  const staleTables = [
    ...updateDocTables(root, await docTargets(), manifest.modules[0].declarations, check),
    ...updateElementTypes(manifest, check),
  ];
  if (check) {
    let current = "";
    try {
      current = readFileSync(MANIFEST_PATH, "utf8");
    } catch {
      // missing: stale by definition
    }
    const stale = [...(current === text ? [] : ["custom-elements.json"]), ...staleTables];
    if (stale.length > 0) {
      console.error(
        `${stale.join(", ")}: not current with lib/elements/*.docs.ts. Run \`npm run build:manifest\` and commit.`,
      );
      process.exit(1);
    }
    console.log("custom-elements.json and the element tables are current.");
    return;
  }
  writeFileSync(MANIFEST_PATH, text);
  console.log(`wrote ${MANIFEST_PATH}${staleTables.map((file) => `, ${file}`).join("")}`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
