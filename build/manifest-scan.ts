/**
 * Reads what an element exposes from its components' code: starting at the component's module it
 * follows the relative imports (not `import type`) through lib/ and collects the `part` names, the
 * `--nu-*` tokens the CSS reads and the `nu-*` events the code dispatches. Plain text scanning:
 * the code base writes these in one style (`part="…"`, `token("…")`, `emit("nu-…")`).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";

export interface ScanResult {
  parts: Set<string>;
  tokens: Set<string>;
  events: Set<string>;
  files: string[];
}

const STATIC_IMPORT = /^\s*(?:import|export)\s+(type\s+)?(\{[^}]*\}|[^;"']*?)\s*from\s*"(\.[^"]+)"/gm;
const BARE_IMPORT = /^\s*import\s+"(\.[^"]+)"/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*"(\.[^"]+)"\s*\)/g;
const PART = /\bpart=(?:"([^"]*)"|\{"([^"]*)"\}|\{`([^`]*)`\})/g;
const TOKEN = /\btoken\(\s*"([a-z0-9-]+)"\s*\)/g;
const SPACE = /\bspace\(\s*[\d.]/;
const CSS_VAR = /var\(--nu-([a-z0-9-]+)/g;
const EVENT = /\b(?:emit\(|new CustomEvent\()\s*"(nu-[a-z-]+)"/g;

/** Only type names between the braces: nothing of it exists at run time. */
function typeOnly(clause: string): boolean {
  if (!clause.startsWith("{")) return false;
  const names = clause
    .slice(1, -1)
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith("type "));
}

function resolveModule(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const found = [base, `${base}.ts`, `${base}.tsx`, resolve(base, "index.ts")].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
  if (!found) throw new Error(`cannot resolve "${specifier}" imported by ${from}`);
  return found;
}

export function importsOf(file: string, code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(STATIC_IMPORT)) {
    if (match[1] || typeOnly(match[2].trim())) continue;
    found.push(match[3]);
  }
  for (const match of code.matchAll(BARE_IMPORT)) found.push(match[1]);
  for (const match of code.matchAll(DYNAMIC_IMPORT)) found.push(match[1]);
  return found.map((specifier) => resolveModule(file, specifier));
}

/**
 * The part names in one file. A template such as `part={`input ${field}`}` is expanded when the
 * same file maps over a literal list with that name (`(["block", "floor"] as const).map((field) =>`);
 * anything else dynamic is an error, so no part can go unlisted.
 */
export function partsOf(file: string, code: string): string[] {
  const parts: string[] = [];
  for (const match of code.matchAll(PART)) {
    const text = match[1] ?? match[2] ?? match[3];
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const dynamic = /^\$\{\s*([A-Za-z_$][\w$]*)\s*\}$/.exec(word);
      if (!dynamic) {
        if (word.includes("${")) throw new Error(`${file}: cannot read the part "${word}"; write it plainly`);
        parts.push(word);
        continue;
      }
      const list = new RegExp(
        `\\[([^\\]]*)\\]\\s*(?:as const\\s*)?\\)?\\.map\\(\\(?\\s*${dynamic[1]}\\b`,
      ).exec(code);
      const values = list ? [...list[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]) : [];
      if (values.length === 0) {
        throw new Error(
          `${file}: the part \${${dynamic[1]}} is not a mapped literal list; write the parts plainly`,
        );
      }
      parts.push(...values);
    }
  }
  return parts;
}

export function scan(entries: string[], knownTokens: ReadonlySet<string>): ScanResult {
  const result: ScanResult = { parts: new Set(), tokens: new Set(), events: new Set(), files: [] };
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    result.files.push(file);
    const code = readFileSync(file, "utf8");
    for (const part of partsOf(file, code)) result.parts.add(part);
    for (const match of code.matchAll(TOKEN)) result.tokens.add(match[1]);
    if (SPACE.test(code)) result.tokens.add("space");
    for (const match of code.matchAll(CSS_VAR)) if (knownTokens.has(match[1])) result.tokens.add(match[1]);
    for (const match of code.matchAll(EVENT)) result.events.add(match[1]);
    queue.push(...importsOf(file, code));
  }
  return result;
}
