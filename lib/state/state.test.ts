import {
  cleanTestStorage,
  getTestStorage,
  setTestStorageKey,
  useTestStorageEngine,
} from "@nanostores/persistent";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { FLAG_KEYS } from "../core/storageKeys.ts";
import { draftStore, type StorageLike } from "./draftStore.ts";
import {
  $flags,
  applyFlagChanges,
  clearFlags,
  getFlags,
  keepFlagsMounted,
  removeFlags,
  setFlag,
} from "./flags.ts";
import { $settings, pendingLoads, startLoading } from "./settings.ts";

describe("loading counter", () => {
  it("stays loading until the last of overlapping pieces of work ends", () => {
    expect($settings.get().loading).toBe(false);
    const endA = startLoading();
    expect($settings.get().loading).toBe(true);
    const endB = startLoading();
    endA();
    expect($settings.get().loading).toBe(true);
    endA(); // ending twice does not end someone else's work
    expect(pendingLoads()).toBe(1);
    expect($settings.get().loading).toBe(true);
    endB();
    expect($settings.get().loading).toBe(false);
    expect(pendingLoads()).toBe(0);
  });

  it("notifies subscribers once per switch", () => {
    const seen: boolean[] = [];
    const stop = $settings.subscribe((s) => seen.push(s.loading));
    const a = startLoading();
    const b = startLoading();
    a();
    b();
    stop();
    expect(seen).toEqual([false, true, false]);
  });
});

describe("$flags (localStorage, exact keys)", () => {
  beforeAll(() => useTestStorageEngine());
  afterEach(() => {
    clearFlags();
    cleanTestStorage();
  });

  it("stores flags as strings under the exact product keys, without a prefix", () => {
    const stop = $flags.listen(() => {});
    setFlag("isAuthenticated", true);
    setFlag("RECTUITMENTFORM", "true");
    setFlag("redirect_url", "/staff/result?id=NU4K7P2QXM");
    expect(getTestStorage()).toEqual({
      isAuthenticated: "true",
      RECTUITMENTFORM: "true",
      redirect_url: "/staff/result?id=NU4K7P2QXM",
    });
    expect(getFlags()).toEqual({
      isAuthenticated: "true",
      RECTUITMENTFORM: "true",
      redirect_url: "/staff/result?id=NU4K7P2QXM",
    });
    stop();
  });

  it("removes flags: false/null, removeFlags, clearFlags", () => {
    const stop = $flags.listen(() => {});
    for (const key of FLAG_KEYS) setFlag(key, "true");
    setFlag("Token", false);
    setFlag("STAFF_ID", null);
    expect(getTestStorage()).not.toHaveProperty("Token");
    expect(getTestStorage()).not.toHaveProperty("STAFF_ID");
    removeFlags(["isInserted", "IsSelectedNUProduct"]);
    expect(Object.keys(getFlags()).sort()).toEqual(
      FLAG_KEYS.filter((k) => !["Token", "STAFF_ID", "isInserted", "IsSelectedNUProduct"].includes(k)).sort(),
    );
    clearFlags(["isAuthenticated"]);
    expect(getFlags().isAuthenticated).toBeUndefined();
    clearFlags();
    expect(getFlags()).toEqual({});
    expect(getTestStorage()).toEqual({});
    stop();
  });

  it("follows changes made by another tab, and ignores the page's other keys", () => {
    const seen: object[] = [];
    const stop = $flags.subscribe((flags) => seen.push(flags));
    setTestStorageKey("isInserted", "true");
    setTestStorageKey("brand-theme", "dark");
    expect(getFlags()).toEqual({ isInserted: "true" });
    setTestStorageKey("isInserted", undefined);
    expect(getFlags()).toEqual({});
    expect(seen).toContainEqual({ isInserted: "true" });
    stop();
  });

  it("reads what is already stored when it is first used", () => {
    setTestStorageKey("isAuthenticatedRe", "true");
    expect(getFlags()).toEqual({ isAuthenticatedRe: "true" });
  });

  it("kept mounted (the element runtime), a read starts no timer and another tab's change still arrives", () => {
    const timers = vi.spyOn(globalThis, "setTimeout");
    let stop = () => {};
    try {
      getFlags();
      // Unmounted, each read mounts the stores and schedules their unmount.
      expect(timers).toHaveBeenCalled();
      stop = keepFlagsMounted();
      timers.mockClear();
      for (let i = 0; i < 5; i++) getFlags();
      expect(timers).not.toHaveBeenCalled();
      setTestStorageKey("isAuthenticated", "true");
      expect(getFlags()).toEqual({ isAuthenticated: "true" });
    } finally {
      stop();
      timers.mockRestore();
    }
  });

  it("applies a guard decision's removals and values", () => {
    const stop = $flags.listen(() => {});
    setFlag("RECTUITMENTFORM", true);
    applyFlagChanges({ remove: ["RECTUITMENTFORM"], set: { redirect_url: "/staff/verification" } });
    expect(getFlags()).toEqual({ redirect_url: "/staff/verification" });
    stop();
  });
});

class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe("draftStore (sessionStorage)", () => {
  it("saves, loads and clears a JSON draft under nu-draft:<name>", () => {
    const storage = new MemoryStorage();
    const draft = draftStore<{ step: string; email: string }>("nuform", storage);
    expect(draft.key).toBe("nu-draft:nuform");
    expect(draft.load()).toBeNull();
    expect(draft.save({ step: "personInfoHK", email: "a@b.hk" })).toBe(true);
    expect(JSON.parse(storage.items.get("nu-draft:nuform") ?? "")).toEqual({
      step: "personInfoHK",
      email: "a@b.hk",
    });
    expect(draft.load()).toEqual({ step: "personInfoHK", email: "a@b.hk" });
    expect(draftStore("recruitment", storage).load()).toBeNull();
    draft.clear();
    expect(draft.load()).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it("reads a corrupt draft as none", () => {
    const storage = new MemoryStorage();
    storage.setItem("nu-draft:x", "{not json");
    expect(draftStore("x", storage).load()).toBeNull();
  });

  it("reports a refused save (quota full)", () => {
    const full: StorageLike = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
      removeItem: () => {},
    };
    expect(draftStore("x", full).save({ a: 1 })).toBe(false);
  });

  it("works without any storage (Node): nothing saved, nothing loaded", () => {
    const draft = draftStore("x");
    expect(draft.save({ a: 1 })).toBe(false);
    expect(draft.load()).toBeNull();
    expect(() => draft.clear()).not.toThrow();
  });
});
