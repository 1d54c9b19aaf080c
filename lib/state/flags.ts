/**
 * The browser-stored flags of docs/rules.md#browser-storage in localStorage under their exact keys (no prefix: guards,
 * hosts and tests read localStorage directly). One persistent atom per key, so other keys of a
 * host page's localStorage never leak in; `$flags` is their read-only union.
 */
import { persistentAtom } from "@nanostores/persistent";
import { computed, type WritableAtom } from "nanostores";
import { FLAG_KEYS, FLAG_TRUE, type FlagKey, type Flags } from "../core/storageKeys.ts";

type FlagAtom = WritableAtom<string | undefined>;

const atoms = Object.fromEntries(
  FLAG_KEYS.map((key) => [key, persistentAtom<string | undefined>(key, undefined)]),
) as Record<FlagKey, FlagAtom>;

export const $flags = computed(
  FLAG_KEYS.map((key) => atoms[key]),
  (...values: (string | undefined)[]): Flags => {
    const flags: Flags = {};
    FLAG_KEYS.forEach((key, i) => {
      if (values[i] !== undefined) flags[key] = values[i];
    });
    return flags;
  },
);

/**
 * Keeps the flags' stores mounted for the rest of the page's life (the element runtime calls it
 * when it starts). Unmounted, every read mounted the eleven stores (each reading storage and adding
 * two window listeners) and then scheduled their unmount: twelve timers per read, most of the
 * host page's guard task (total blocking time). Mounted, they follow another tab's
 * changes (`storage`) and a page restored from the back-forward cache (`pageshow`), as they did
 * whenever a form was on the page.
 */
export function keepFlagsMounted(): () => void {
  flagsKept ??= $flags.listen(() => {});
  return () => {
    flagsKept?.();
    flagsKept = undefined;
  };
}
let flagsKept: (() => void) | undefined;

/** The current flags (read from storage when the stores were not mounted). */
export function getFlags(): Flags {
  return $flags.get();
}

/** Stores a flag; `true` is stored as the string 'true', and false/null/undefined remove it. */
export function setFlag(key: FlagKey, value: string | boolean | null | undefined): void {
  atoms[key].set(value === true ? FLAG_TRUE : value === false || value == null ? undefined : value);
}

export function removeFlags(keys: readonly FlagKey[]): void {
  for (const key of keys) atoms[key].set(undefined);
}

/** Removes the given flags, or every flag of docs/rules.md#browser-storage when none are given. */
export function clearFlags(keys: readonly FlagKey[] = FLAG_KEYS): void {
  removeFlags(keys);
}

/** Applies a guard's or maintenance check's flag changes (removals first, then values). */
export function applyFlagChanges(changes: { set?: Flags; remove?: readonly FlagKey[] }): void {
  if (changes.remove) removeFlags(changes.remove);
  for (const [key, value] of Object.entries(changes.set ?? {}) as [FlagKey, string][]) setFlag(key, value);
}
