import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setFlag } from "../state/flags.ts";
import { remember, remembered } from "./remembered.ts";
import { endSession } from "./staffSignOut.ts";

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

describe("what a staff member types on every customer, remembered on this device", () => {
  beforeEach(() => {
    vi.stubGlobal("sessionStorage", memoryStorage());
    vi.stubGlobal("localStorage", memoryStorage());
    setFlag("STAFF_ID", "S001");
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is given back to the same staff id, every time", () => {
    remember("shop", "旺角店");
    remember("nutritionist", "李營養師");
    expect(remembered("shop")).toBe("旺角店");
    expect(remembered("shop")).toBe("旺角店");
    expect(remembered("nutritionist")).toBe("李營養師");
    remember("nutritionist", "");
    expect(remembered("nutritionist")).toBe("");
  });

  it("is not another staff id's, and theirs replaces it", () => {
    remember("shop", "旺角店");
    setFlag("STAFF_ID", "S002");
    expect(remembered("shop")).toBe("");
    remember("nutritionist", "陳營養師");
    setFlag("STAFF_ID", "S001");
    expect(remembered("shop")).toBe("");
  });

  it("is forgotten on a sign-out", () => {
    remember("shop", "旺角店");
    endSession();
    setFlag("STAFF_ID", "S001");
    expect(remembered("shop")).toBe("");
  });

  it("reads a damaged value as nothing", () => {
    localStorage.setItem("nu-forms:staff-remembered", "{not json");
    expect(remembered("shop")).toBe("");
    localStorage.setItem(
      "nu-forms:staff-remembered",
      JSON.stringify({ staffId: "S001", values: { shop: 5 } }),
    );
    expect(remembered("shop")).toBe("");
  });
});
