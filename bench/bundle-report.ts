/**
 * What is in each first step of the element bundle, per chunk and per source module:
 * for every element listed in dist/elements/first-steps.json (build/first-steps.ts), the files a
 * page with only the entry script and that element downloads before the first step shows, their
 * sizes (raw, gzip -9, brotli -11), and which source modules fill them. A module's share of a
 * file is measured in minified characters through the file's source map (as source-map-explorer
 * does); its gzip figure is that share of the file's gzip size (an estimate: gzip compresses
 * text and code differently, but the order of the list holds).
 *
 *   npm run report:bundle                    builds the preact bundle into .tmp/bundle-preact/
 *   npm run report:bundle -- --react         also the React build (NU_ELEMENT_RUNTIME=react)
 *   npm run report:bundle -- --dist          reads dist/elements as `npm run build` left it
 *   npm run report:bundle -- --modules=40    longer module lists (default 25)
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const moduleRows = Number(args.find((a) => a.startsWith("--modules="))?.split("=")[1] ?? 25);

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

const kB = (n: number) => (n / 1000).toFixed(1);

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

/** A source path as the report names it: `lib/…` or `<package>/<path inside it>`. */
function moduleName(source: string): string {
  const nm = source.lastIndexOf("node_modules/");
  if (nm >= 0) return source.slice(nm + "node_modules/".length);
  const lib = source.lastIndexOf("lib/");
  return lib >= 0 ? source.slice(lib) : source.replace(/^(\.\.\/)+/, "");
}

/** Minified characters of `file` per source module, from its source map. */
function attribute(file: string): Map<string, number> {
  const code = readFileSync(file, "utf8").split("\n");
  if (!existsSync(`${file}.map`)) return new Map([["(bundler glue)", code.join("\n").length]]);
  const map = JSON.parse(readFileSync(`${file}.map`, "utf8")) as { sources: string[]; mappings: string };
  const owner = map.sources.map(moduleName);
  const totals = new Map<string, number>();
  let sourceIndex = 0;
  map.mappings.split(";").forEach((line, lineIndex) => {
    let column = 0;
    const starts = line
      .split(",")
      .filter(Boolean)
      .map(decodeSegment)
      .map((segment) => {
        column += segment[0];
        if (segment.length > 1) sourceIndex += segment[1];
        return { column, source: segment.length > 1 ? sourceIndex : -1 };
      });
    starts.forEach((start, i) => {
      const end = i + 1 < starts.length ? starts[i + 1].column : (code[lineIndex]?.length ?? start.column);
      const name = start.source >= 0 ? owner[start.source] : "(bundler glue)";
      totals.set(name, (totals.get(name) ?? 0) + end - start.column);
    });
  });
  return totals;
}

interface FileFigure {
  file: string;
  sizes: Sizes;
  /** Estimated gzip bytes per source module. */
  modules: Map<string, number>;
}

function measure(dir: string, file: string): FileFigure {
  const path = join(dir, file);
  const sizes = sizesOf(readFileSync(path));
  const chars = attribute(path);
  const all = [...chars.values()].reduce((a, b) => a + b, 0) || 1;
  const modules = new Map([...chars].map(([name, n]) => [name, (sizes.gzip * n) / all]));
  return { file, sizes, modules };
}

/** Groups a module into what it belongs to, for the summary line. */
function groupOf(module: string): string {
  if (/^(preact|@r2wc|@nanostores|nanostores)\//.test(module) || module === "build/reactOnPreact.ts")
    return "runtime (preact, r2wc, nanostores, React's names)";
  if (/^(react|react-dom|scheduler)\//.test(module)) return "runtime (react, react-dom)";
  if (module.startsWith("lib/core/i18n/")) return "messages (lib/core/i18n)";
  if (module.startsWith("lib/api/")) return "API client (lib/api)";
  if (!module.startsWith("lib/")) return `${module.split("/")[0]}`;
  return module.split("/").slice(0, 2).join("/");
}

function report(dir: string, title: string): string {
  const firstSteps = JSON.parse(readFileSync(join(dir, "first-steps.json"), "utf8")) as Record<
    string,
    string[]
  >;
  const lines = [`### ${title}`, ""];
  for (const [tag, files] of Object.entries(firstSteps)) {
    const figures = files.map((file) => measure(dir, file)).sort((a, b) => b.sizes.gzip - a.sizes.gzip);
    const total = figures.reduce(
      (sum, f) => ({
        raw: sum.raw + f.sizes.raw,
        gzip: sum.gzip + f.sizes.gzip,
        brotli: sum.brotli + f.sizes.brotli,
      }),
      { raw: 0, gzip: 0, brotli: 0 },
    );
    lines.push(
      `#### \`<${tag}>\` first step: ${figures.length} files, **${kB(total.gzip)} kB gzip** (${kB(total.brotli)} brotli, ${kB(total.raw)} raw)`,
      "",
      "| file | raw kB | gzip kB | brotli kB | largest modules (gzip kB, estimated) |",
      "|---|---:|---:|---:|---|",
    );
    for (const f of figures) {
      const top = [...f.modules]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([name, n]) => `${name} ${kB(n)}`)
        .join(", ");
      lines.push(
        `| ${f.file.replace(/^chunks\//, "")} | ${kB(f.sizes.raw)} | ${kB(f.sizes.gzip)} | ${kB(f.sizes.brotli)} | ${top} |`,
      );
    }
    const modules = new Map<string, number>();
    const groups = new Map<string, number>();
    for (const f of figures) {
      for (const [name, n] of f.modules) {
        modules.set(name, (modules.get(name) ?? 0) + n);
        groups.set(groupOf(name), (groups.get(groupOf(name)) ?? 0) + n);
      }
    }
    lines.push("", "| by part | gzip kB | share |", "|---|---:|---:|");
    for (const [name, n] of [...groups].sort((a, b) => b[1] - a[1])) {
      lines.push(`| ${name} | ${kB(n)} | ${((100 * n) / total.gzip).toFixed(0)} % |`);
    }
    lines.push("", `| source module (top ${moduleRows}) | gzip kB |`, "|---|---:|");
    for (const [name, n] of [...modules].sort((a, b) => b[1] - a[1]).slice(0, moduleRows)) {
      lines.push(`| ${name} | ${kB(n)} |`);
    }
    lines.push("");
  }
  return lines.join("\n");
}

async function buildInto(runtime: "preact" | "react"): Promise<string> {
  const { build } = await import("vite");
  process.env.NU_ELEMENT_RUNTIME = runtime;
  const outDir = resolve(root, ".tmp", `bundle-${runtime}`);
  await build({
    configFile: resolve(root, "vite.config.ts"),
    mode: "elements",
    logLevel: "warn",
    build: { outDir },
  });
  return outDir;
}

async function main() {
  const out: string[] = [];
  if (args.includes("--dist")) {
    out.push(report(resolve(root, "dist/elements"), "dist/elements (preact)"));
  } else {
    out.push(report(await buildInto("preact"), "preact (the element bundle)"));
  }
  if (args.includes("--react")) out.push(report(await buildInto("react"), "React 19 (react-dom)"));
  console.log(out.join("\n"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
