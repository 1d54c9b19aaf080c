import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { shownKinds } from "../core/benefits.ts";
import type { Redemption } from "../core/types.ts";
import { JUST_SERVED_MS, noteServed, servedJustNow } from "./justServed.ts";

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe("the customer just served, passed over by the verification camera", () => {
  beforeEach(() => vi.stubGlobal("sessionStorage", memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it("is passed over for 30 s after their page was left, then read again", () => {
    const left = 1_000_000;
    noteServed("NU4K7P2QX0", left);
    expect(JUST_SERVED_MS).toBe(30_000);
    expect(servedJustNow("NU4K7P2QX0", left)).toBe(true);
    expect(servedJustNow("NU4K7P2QX0", left + JUST_SERVED_MS - 1)).toBe(true);
    expect(servedJustNow("NU4K7P2QX0", left + JUST_SERVED_MS)).toBe(false);
    // Another customer is read at once; a clock set back does not extend the pause.
    expect(servedJustNow("NU5M8R3TY1", left)).toBe(false);
    expect(servedJustNow("NU4K7P2QX0", left - 1)).toBe(false);
  });

  it("only the last customer left counts, and no storage means no pause", () => {
    noteServed("NU4K7P2QX0", 0);
    noteServed("NU5M8R3TY1", 10);
    expect(servedJustNow("NU4K7P2QX0", 20)).toBe(false);
    expect(servedJustNow("NU5M8R3TY1", 20)).toBe(true);
    sessionStorage.setItem("nu-forms:staff-just-served", "{not json");
    expect(servedJustNow("NU5M8R3TY1", 20)).toBe(false);
    vi.unstubAllGlobals();
    vi.stubGlobal("sessionStorage", undefined);
    expect(() => noteServed("NU4K7P2QX0", 0)).not.toThrow();
    expect(servedJustNow("NU4K7P2QX0", 0)).toBe(false);
  });
});

describe("the redemptions a lead is offered (lib/core/benefits.ts)", () => {
  const done = (kind: Redemption["kind"]) => [{ kind } as Redemption];

  it("a nuForm lead has the member gift only; the recruitment form adds the nutritionist consultation", () => {
    expect(shownKinds({ flow: "nuform", redemptions: [] })).toEqual(["member"]);
    expect(shownKinds({ flow: "recruitment", redemptions: [] })).toEqual(["member", "nutritionist"]);
  });

  it("a consultation staff recorded anyway on a nuForm lead is still shown", () => {
    expect(shownKinds({ flow: "nuform", redemptions: done("nutritionist") })).toEqual([
      "member",
      "nutritionist",
    ]);
  });
});
