import { DRAFT_KEY_PREFIX } from "../core/storageKeys.ts";

/** The part of the Web Storage API a draft needs (sessionStorage, or a fake in tests). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface DraftStore<T> {
  readonly key: string;
  /** The saved draft, or null when there is none or it cannot be read. */
  load(): T | null;
  /** Saves the draft; false when the browser refused (no storage, quota full). */
  save(value: T): boolean;
  clear(): void;
}

function sessionStorageOrNull(): StorageLike | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null; // storage blocked (sandboxed iframe, privacy settings)
  }
}

/**
 * A flow's draft kept as JSON in sessionStorage under `nu-draft:<name>`, so a flow element that is
 * unmounted (moved in the DOM, page reloaded) picks its answers up again. Storage is looked up on
 * each call, never at import.
 */
export function draftStore<T>(name: string, storage?: StorageLike): DraftStore<T> {
  const key = `${DRAFT_KEY_PREFIX}${name}`;
  const target = () => storage ?? sessionStorageOrNull();
  return {
    key,
    load() {
      const raw = target()?.getItem(key);
      if (raw == null) return null;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return null;
      }
    },
    save(value) {
      const store = target();
      if (!store) return false;
      try {
        store.setItem(key, JSON.stringify(value));
        return true;
      } catch {
        return false;
      }
    },
    clear() {
      target()?.removeItem(key);
    },
  };
}
