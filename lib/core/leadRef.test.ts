import { describe, expect, it } from "vitest";
import { isLeadRef, newLeadRef, normaliseLeadRef } from "./leadRef.ts";

describe("lead references", () => {
  it("accepts NU + 8 Crockford base-32 characters only", () => {
    expect(isLeadRef("NU4K7P2QXM")).toBe(true);
    expect(isLeadRef("NU00000000")).toBe(true);
    expect(isLeadRef("NU4K7P2QX")).toBe(false); // 7
    expect(isLeadRef("NU4K7P2QXMM")).toBe(false); // 9
    expect(isLeadRef("nu4k7p2qxm")).toBe(false); // not canonical
    for (const letter of ["I", "L", "O", "U"]) expect(isLeadRef(`NU4K7P2QX${letter}`)).toBe(false);
    expect(isLeadRef("XX4K7P2QXM")).toBe(false);
  });

  it("normalises typed text: trim, upper case, O→0, I/L→1, spaces and hyphens dropped", () => {
    expect(normaliseLeadRef("  nu4k7p2qxm ")).toBe("NU4K7P2QXM");
    expect(normaliseLeadRef("NUO0IL1234")).toBe("NU00111234");
    expect(normaliseLeadRef("nu 4k7p-2qxm")).toBe("NU4K7P2QXM");
    expect(isLeadRef(normaliseLeadRef("nuoilo1234"))).toBe(true);
  });

  it("does not turn a non-reference into one", () => {
    expect(isLeadRef(normaliseLeadRef("hello"))).toBe(false);
    expect(isLeadRef(normaliseLeadRef("NU4K7P2QXU"))).toBe(false);
  });

  it("generates valid, distinct references over the whole alphabet", () => {
    const refs = Array.from({ length: 2000 }, newLeadRef);
    for (const ref of refs) expect(isLeadRef(ref)).toBe(true);
    expect(new Set(refs).size).toBe(refs.length);
    const used = new Set(refs.flatMap((r) => [...r.slice(2)]));
    expect(used.size).toBe(32);
  });
});
