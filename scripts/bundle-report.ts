/**
 * Measures the element bundle on both runtimes (React, and the same components on preact/compat
 * through the aliases of vite.lib.config.ts) and prints the figures docs/performance.md quotes:
 * bytes per chunk (raw, gzip -9, brotli -11), what each kind of page loads, and which packages
 * fill the shared `base` chunk (from its source map).
 *
 *   node --import tsx scripts/bundle-report.ts          (builds into .tmp/bundle-<runtime>/)
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "vite";

const root = resolve(import.meta.dirname, "..");
const RUNTIMES = ["react", "preact"] as const;

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

function sizesOf(bytes: Buffer): Sizes {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const add = (a: Sizes, b: Sizes): Sizes => ({
  raw: a.raw + b.raw,
  gzip: a.gzip + b.gzip,
  brotli: a.brotli + b.brotli,
});
const kB = (n: number) => (n / 1000).toFixed(1);

/** The chunk files of one build, by their name before the hash (`base`, `flows`…). */
function chunks(dir: string): Map<string, string> {
  const found = new Map<string, string>([["nu-forms", join(dir, "nu-forms.js")]]);
  for (const file of readdirSync(join(dir, "chunks"))) {
    if (file.endsWith(".js")) found.set(file.replace(/-[\w-]{8}\.js$/, ""), join(dir, "chunks", file));
  }
  return found;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Decodes one source-map segment (base64 VLQ) into its numbers. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/** Minified characters of `file` per package (node_modules/<pkg>) or lib/ folder, from its map. */
function attribute(file: string): Map<string, number> {
  const code = readFileSync(file, "utf8").split("\n");
  const map = JSON.parse(readFileSync(`${file}.map`, "utf8")) as { sources: string[]; mappings: string };
  const owner = map.sources.map((source) => {
    const nm = source.lastIndexOf("node_modules/");
    if (nm >= 0) {
      const parts = source.slice(nm + "node_modules/".length).split("/");
      return parts[0].startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0];
    }
    const lib = source.indexOf("lib/");
    return lib >= 0 ? source.slice(lib).split("/").slice(0, 2).join("/") : source;
  });
  const totals = new Map<string, number>();
  let sourceIndex = 0;
  map.mappings.split(";").forEach((line, lineIndex) => {
    let column = 0;
    const segments = line.split(",").filter(Boolean).map(decodeSegment);
    const starts = segments.map((segment) => {
      column += segment[0];
      if (segment.length > 1) sourceIndex += segment[1];
      return { column, source: segment.length > 1 ? sourceIndex : -1 };
    });
    starts.forEach((start, i) => {
      const end = i + 1 < starts.length ? starts[i + 1].column : (code[lineIndex]?.length ?? start.column);
      const name = start.source >= 0 ? owner[start.source] : "(bundler)";
      totals.set(name, (totals.get(name) ?? 0) + end - start.column);
    });
  });
  return totals;
}

const PAGES: Array<[string, string[]]> = [
  ["any element (entry + base)", ["nu-forms", "rolldown-runtime", "base"]],
  ["`<nu-form>` page, first step", ["nu-forms", "rolldown-runtime", "base", "flows"]],
  ["`<nu-form>` page, whole enrolment", ["nu-forms", "rolldown-runtime", "base", "flows", "qrcode"]],
  ["staff page (no scanning)", ["nu-forms", "rolldown-runtime", "base", "staff", "qrcode"]],
];

async function main() {
  const lines: string[] = [];
  for (const runtime of RUNTIMES) {
    process.env.NU_ELEMENT_RUNTIME = runtime;
    const outDir = resolve(root, ".tmp", `bundle-${runtime}`);
    await build({
      configFile: resolve(root, "vite.lib.config.ts"),
      mode: "elements",
      logLevel: "warn",
      build: { outDir },
    });
    const files = chunks(outDir);
    const sizes = new Map([...files].map(([name, file]) => [name, sizesOf(readFileSync(file))]));
    lines.push(`### ${runtime === "react" ? "React 19 (react-dom)" : "preact/compat"}`, "");
    lines.push("| chunk | raw kB | gzip kB | brotli kB |", "|---|---:|---:|---:|");
    for (const [name, size] of [...sizes].sort((a, b) => b[1].gzip - a[1].gzip)) {
      lines.push(`| ${name} | ${kB(size.raw)} | ${kB(size.gzip)} | ${kB(size.brotli)} |`);
    }
    lines.push("", "| page loads | raw kB | gzip kB | brotli kB |", "|---|---:|---:|---:|");
    for (const [page, names] of PAGES) {
      const total = names
        .filter((name) => sizes.has(name))
        .reduce((sum, name) => add(sum, sizes.get(name) as Sizes), { raw: 0, gzip: 0, brotli: 0 });
      lines.push(`| ${page} | ${kB(total.raw)} | ${kB(total.gzip)} | ${kB(total.brotli)} |`);
    }
    const base = files.get("base");
    if (base) {
      const owners = [...attribute(base)].sort((a, b) => b[1] - a[1]);
      const all = owners.reduce((sum, [, n]) => sum + n, 0);
      lines.push("", "| in `base` (minified characters) | share |", "|---|---:|");
      for (const [name, n] of owners.slice(0, 10))
        lines.push(`| ${name} | ${((100 * n) / all).toFixed(1)} % |`);
    }
    lines.push("");
  }
  console.log(lines.join("\n"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
