import type { OutputAsset, OutputBundle, OutputChunk } from "rolldown";
import { describe, expect, it } from "vitest";
import { compileEagerly } from "./compile-hints.ts";

const HINT = "//# allFunctionsCalledOnLoad\n";

function built(code: string): { chunk: OutputChunk; map: OutputAsset; bundle: OutputBundle } {
  const map = {
    type: "asset",
    fileName: "chunks/a.js.map",
    source: JSON.stringify({ version: 3, sources: ["a.ts"], mappings: "AAAA,EAAE;AACA" }),
  } as OutputAsset;
  const chunk = {
    type: "chunk",
    fileName: "chunks/a.js",
    sourcemapFileName: map.fileName,
    code,
  } as OutputChunk;
  return { chunk, map, bundle: { [chunk.fileName]: chunk, [map.fileName]: map } as OutputBundle };
}

const code = `export function f(){return 1}\n${"const x=()=>1;".repeat(200)}`;

describe("compileEagerly", () => {
  it("puts the hint on the first line and moves the source map down one line with the code", () => {
    const { chunk, map, bundle } = built(code);
    compileEagerly(chunk, bundle);
    expect(chunk.code).toBe(HINT + code);
    expect(JSON.parse(String(map.source)).mappings).toBe(";AAAA,EAAE;AACA");
    compileEagerly(chunk, bundle);
    expect(chunk.code).toBe(HINT + code);
    expect(JSON.parse(String(map.source)).mappings).toBe(";AAAA,EAAE;AACA");
  });

  it("leaves small files and data-only files (a message catalogue) as they are", () => {
    for (const source of ["export function f(){return 1}", `export default {${'"k":"v",'.repeat(400)}}`]) {
      const { chunk, map, bundle } = built(source);
      compileEagerly(chunk, bundle);
      expect(chunk.code).toBe(source);
      expect(JSON.parse(String(map.source)).mappings).toBe("AAAA,EAAE;AACA");
    }
  });
});
