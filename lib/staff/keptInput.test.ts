import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setFlag } from "../state/flags.ts";
import { dropKeptInput, keepInput, takeKeptInput } from "./keptInput.ts";
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

const INVOICE = "/staff/invoice_qrcode";
const typed = { invoice_no: "INV-1", amount: "1280", shop: "旺角店", lead_id: "NU4K7P2QXM" };

describe("input kept across a sign-in", () => {
  beforeEach(() => {
    vi.stubGlobal("sessionStorage", memoryStorage());
    vi.stubGlobal("localStorage", memoryStorage());
    setFlag("STAFF_ID", "S001");
    keepInput("invoice", typed, INVOICE);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is given back once, to the same form on the same page for the same staff id", () => {
    expect(takeKeptInput("nutritionist", INVOICE)).toBeNull();
    expect(takeKeptInput("invoice", "/staff/home")).toBeNull();
    expect(takeKeptInput("invoice", INVOICE)).toEqual(typed);
    expect(takeKeptInput("invoice", INVOICE)).toBeNull();
  });

  it("is not shown to another staff member, and forgotten then", () => {
    setFlag("STAFF_ID", "S002");
    expect(takeKeptInput("invoice", INVOICE)).toBeNull();
    setFlag("STAFF_ID", "S001");
    expect(takeKeptInput("invoice", INVOICE)).toBeNull();
  });

  it("is forgotten on a deliberate sign-out and after a successful submit", () => {
    endSession();
    setFlag("STAFF_ID", "S001");
    expect(takeKeptInput("invoice", INVOICE)).toBeNull();
    keepInput("invoice", typed, INVOICE);
    dropKeptInput();
    expect(sessionStorage.length).toBe(0);
  });

  it("keeps only text values, and nothing without a signed-in staff id", () => {
    sessionStorage.setItem(
      "nu-forms:staff-kept-input",
      JSON.stringify({ form: "invoice", path: INVOICE, staffId: "S001", values: { shop: "A", amount: 5 } }),
    );
    expect(takeKeptInput("invoice", INVOICE)).toEqual({ shop: "A" });
    endSession();
    keepInput("invoice", typed, INVOICE);
    expect(sessionStorage.length).toBe(0);
  });
});
