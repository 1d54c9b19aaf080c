import type { OutputBundle, OutputChunk } from "rolldown";

/**
 * V8's explicit compile hint (Chromium 136+; other engines read a comment): every function in the
 * file is compiled with the file, on the script streamer's thread while it downloads, instead of
 * on the main thread at its first call. For files whose code runs at load — a first step's chunks,
 * the host shell — that takes the compiling out of the long tasks after the first paint (TBT;
 * docs/performance.md). It must be the file's first line. Added after the file's name was
 * hashed: the hint changes no behaviour, so a file cached without it is as good.
 */
const HINT = "//# allFunctionsCalledOnLoad\n";
/** Smaller files compile in no time; the hint's bytes would cost more than it saves. */
const MIN_BYTES = 2048;
/** Data only (a message catalogue) has nothing to compile. */
const HAS_FUNCTIONS = /\bfunction\b|=>/;

/** Puts the hint on the chunk's first line; its source map moves down one line with the code. */
export function compileEagerly(chunk: OutputChunk, bundle: OutputBundle): void {
  if (chunk.code.length < MIN_BYTES || !HAS_FUNCTIONS.test(chunk.code) || chunk.code.startsWith(HINT)) return;
  chunk.code = HINT + chunk.code;
  // The chunk's own map too: a chunk whose dynamic imports were rewritten has its map file written
  // from it, over the asset below.
  if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
  const map = chunk.sourcemapFileName ? bundle[chunk.sourcemapFileName] : undefined;
  if (map?.type !== "asset") return;
  const json = JSON.parse(String(map.source)) as { mappings: string };
  json.mappings = `;${json.mappings}`;
  map.source = JSON.stringify(json);
}
