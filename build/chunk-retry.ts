import { posix } from "node:path";
import type { Plugin } from "vite";

/**
 * Makes every dynamic import between the element bundle's own chunks retryable in every browser.
 *
 * A module script that failed to load may stay failed in the browser's module map for the life of
 * the page (the HTML standard said so for years; Chromium 150 still answers a second `import()` of
 * the same URL with the same failure). So a retry that calls `import()` again may never touch the
 * network, and neither would a fresh URL for the chunk alone help when one of the chunk's own
 * static imports (another chunk) was the one that failed.
 *
 * The rewrite: `import("./chunks/x.js")` becomes `__nuImport("./chunks/x.js", [its chunks not
 * loaded yet])`, which first downloads the chunk and the chunks it statically imports with
 * `fetch()` (a failure there never reaches the module map, and the retry simply asks again), then
 * imports the chunk, whose graph the HTTP cache now answers (hashed chunks are `immutable`). Only
 * when that import fails anyway does the loader use a fresh URL, `x.js?retry=N`, which the module
 * map has never seen: at once, in the same attempt (the download has just worked, so the failure is
 * most likely one the module map remembers: a page's own `<link rel="modulepreload">` of the chunk
 * that failed), and on every later attempt. One fresh URL per call: when that fails too (the network
 * went away between the download and the import), the next attempt (重試) takes the next one.
 *
 * What no loader can mend is a remembered failure of one of the chunk's static imports: its URL is
 * written in the chunk, and a fresh URL for the chunk imports the same one (an import map or a
 * rewritten copy of the chunk would need the host page's CSP to allow inline or `blob:` scripts).
 * Then the part comes back only with the page (docs/performance.md).
 */
export function retryableChunkImports(): Plugin {
  return {
    name: "nu-forms:retryable-chunk-imports",
    renderChunk(code, chunk, _options, meta) {
      if (chunk.dynamicImports.length === 0) return null;
      const byFile = new Map(Object.values(meta.chunks).map((c) => [c.fileName, c]));
      const staticClosure = (fileName: string, into = new Set<string>()): Set<string> => {
        for (const dep of byFile.get(fileName)?.imports ?? []) {
          if (!into.has(dep)) {
            into.add(dep);
            staticClosure(dep, into);
          }
        }
        return into;
      };
      const loaded = staticClosure(chunk.fileName);
      loaded.add(chunk.fileName);
      if (chunk.isEntry) return importAlongside(code, chunk.fileName, staticClosure);
      // One copy of the loader, in the chunk every other one imports (the entry's `runtime`),
      // exported to them: a copy in each chunk cost every first step 0.3 kB gzip. Its URLs are
      // then relative to that chunk.
      const home = Object.values(meta.chunks).find((c) => c.name === LOADER_HOME);
      const sharedLoader =
        home !== undefined && home.fileName !== chunk.fileName && loaded.has(home.fileName);
      const here = posix.dirname(chunk.fileName);
      const base = sharedLoader ? posix.dirname(home.fileName) : here;
      const relative = (from: string, fileName: string) => {
        const rel = posix.relative(from, fileName);
        return rel.startsWith(".") ? rel : `./${rel}`;
      };
      const rewrittenTargets = new Set<string>();
      const out = code.replace(
        /\bimport\(\s*(["'`])(\.{1,2}\/[^"'`]+?\.js)\1\s*\)/g,
        (whole, _quote: string, specifier: string) => {
          const target = posix.normalize(posix.join(here, specifier));
          // A chunk this one statically imports is loaded already; its import() cannot fail.
          if (!byFile.has(target) || loaded.has(target)) return whole;
          rewrittenTargets.add(target);
          const deps = [...staticClosure(target)]
            .filter((dep) => !loaded.has(dep))
            .map((dep) => relative(base, dep));
          return `__nuImport(${JSON.stringify(relative(base, target))},${JSON.stringify(deps)})`;
        },
      );
      // Found by text: a form of import() Rolldown did not write before would pass unrewritten.
      const missed = chunk.dynamicImports.filter(
        (file) => byFile.has(file) && !loaded.has(file) && !rewrittenTargets.has(file),
      );
      if (missed.length > 0)
        this.error(`${chunk.fileName}: import() of ${missed.join(", ")} not found to make retryable`);
      if (rewrittenTargets.size === 0) return null;
      if (sharedLoader) {
        return {
          code: `import{__nuImport}from${JSON.stringify(relative(here, home.fileName))}; ${out}`,
          map: null,
        };
      }
      // First in the chunk (an element defined by this chunk's own code may connect, and import,
      // before the chunk's last line has run), on the first line so the source map's lines hold.
      const exported = chunk.fileName === home?.fileName ? "\nexport { __nuImport };" : "";
      return { code: `${LOADER.replace(/\n\s*/g, " ").trim()} ${out}${exported}`, map: null };
    },
  };
}

/**
 * The entry's one dynamic import is the registration, after the page's first frame
 * (lib/elements/bundle.ts). Rolldown gives it a chunk of its own that re-exports the `runtime`
 * chunk, so the browser would learn of `runtime` only once that file had arrived: one more round
 * trip. The entry imports the chunks it statically needs alongside it, all at once. A failure
 * there is the page's to retry (a reload), as it was when the entry imported them statically.
 */
function importAlongside(
  code: string,
  fileName: string,
  staticClosure: (fileName: string) => Set<string>,
): { code: string; map: null } | null {
  const here = posix.dirname(fileName);
  let rewritten = 0;
  const out = code.replace(
    /\bimport\(\s*(["'`])(\.{1,2}\/[^"'`]+?\.js)\1\s*\)/g,
    (_whole, _quote: string, specifier: string) => {
      rewritten++;
      const target = posix.normalize(posix.join(here, specifier));
      const all = [specifier, ...[...staticClosure(target)].map((dep) => `./${posix.relative(here, dep)}`)];
      return `Promise.all(${JSON.stringify(all)}.map((url)=>import(url))).then((modules)=>modules[0])`;
    },
  );
  return rewritten === 0 ? null : { code: out, map: null };
}

/** The chunk that holds the loader for all (build/chunks.ts: the entry's statically imported code). */
const LOADER_HOME = "runtime";

/**
 * Put at the top of the `runtime` chunk (or of a chunk that does not import it); attempt counts are
 * per URL. Each chunk is downloaded once per page (a failed download is forgotten, so a retry asks
 * again): the later steps share most of their chunks, and prefetching them at idle called `fetch()`
 * for the same files dozens of times (77 ms of one idle task in Chromium, TBT). A call
 * to `fetch()` costs the page 0.3–3 ms of its main thread, so each download after the first starts
 * in a task of its own: ten chunks are ten short tasks, not one long one.
 */
const LOADER = `
const __nuImportFailures = new Map();
const __nuDownloads = new Map();
function __nuImport(specifier, deps) {
  const url = new URL(specifier, import.meta.url).href;
  const download = (href, i) => {
    let done = __nuDownloads.get(href);
    if (done === undefined) {
      const start = i === 0 ? Promise.resolve() : new Promise((resume) => setTimeout(resume, 0));
      done = start.then(() => fetch(href)).then((response) => {
        if (!response.ok) throw new Error(\`\${response.status} \${href}\`);
        return response.arrayBuffer().then(() => {});
      });
      done.catch(() => __nuDownloads.delete(href));
      __nuDownloads.set(href, done);
    }
    return done;
  };
  const load = (again) => {
    const failures = __nuImportFailures.get(url) ?? 0;
    return import(failures === 0 ? url : \`\${url}?retry=\${failures}\`).catch((error) => {
      __nuImportFailures.set(url, failures + 1);
      if (again) throw error;
      return load(true);
    });
  };
  return Promise.all([url, ...deps.map((dep) => new URL(dep, import.meta.url).href)].map(download)).then(() =>
    load(false),
  );
}
`;
