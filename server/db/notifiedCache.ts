/**
 * A per-instance cache of database reads, keyed by a string, whose entries are dropped by NOTIFY:
 * a trigger sends the key of what changed as the payload (`""`: everything). The rules are those
 * of the session cache (docs/sessions.md), here per key:
 *
 * - used only while this instance's listener is connected (PGlite: always); on a loss or a
 *   reconnection everything is dropped, and until then every read goes to the database;
 * - a read is kept only if no notification for its key (nor a drop of everything) arrived while
 *   it ran, so a change racing a read is never hidden by the stale row;
 * - a write made here drops its key at once (before and after it runs) and is answered only once
 *   this instance has heard the write's own notification (at most 1 s): PostgreSQL signals every
 *   listener at the commit, so the other instances normally have it too when the client is told
 *   "done" (a few ms later on a starved machine: docs/sessions.md, rule 7);
 * - at most `limit` entries, the oldest dropped first; "not found" is never kept.
 *
 * A cached value is given without waiting: the callers read it after the session check, which
 * already let the rest of the request's I/O turn (a notification that came with it) run first.
 */
import type { Db } from "./db.ts";

/** How long a write waits for its own notification before answering anyway. */
const HEARD_WAIT_MS = 1_000;

export interface NotifiedCache<V> {
  /** The value for `key`: from the cache, or `load()`'s answer (kept if no change raced it). */
  read(key: string, load: () => Promise<V | null>): Promise<V | null>;
  /**
   * Runs a write that changes `key` (its trigger notifies `key`). When `changed(result)` says it
   * changed something (default: always), answers only once this instance heard that notification.
   */
  write<T>(key: string, run: () => Promise<T>, changed?: (result: T) => boolean): Promise<T>;
  /** Entries held, and whether the cache is in use (listener connected). */
  readonly size: number;
  readonly live: boolean;
  close(): Promise<void>;
}

/** A read in progress: `stale` once its key changed while it ran. */
interface Reading {
  stale: boolean;
}

export async function createNotifiedCache<V>(
  db: Db,
  channel: string,
  limit: number,
): Promise<NotifiedCache<V>> {
  const entries = new Map<string, V>();
  const reading = new Map<string, Set<Reading>>();
  const waiting = new Map<string, Set<() => void>>();
  let live = false;

  const dropKey = (key: string) => {
    entries.delete(key);
    for (const r of reading.get(key) ?? []) r.stale = true;
  };
  const dropAll = () => {
    entries.clear();
    for (const set of reading.values()) for (const r of set) r.stale = true;
  };
  const wake = (key: string | undefined) => {
    for (const [k, set] of waiting) {
      if (key !== undefined && k !== key) continue;
      waiting.delete(k);
      for (const resolve of set) resolve();
    }
  };
  const stop = await db.listen(
    channel,
    (payload) => {
      if (payload === "") dropAll();
      else dropKey(payload);
      wake(payload === "" ? undefined : payload);
    },
    (connected) => {
      live = connected;
      dropAll();
      // A notification may be lost with the connection: nobody waits for it any longer.
      wake(undefined);
    },
  );

  /** Resolves when a notification for `key` is heard (or in 1 s, or on a listener change). */
  const expect = (key: string) => {
    let resolve!: () => void;
    const heard = new Promise<void>((r) => {
      resolve = r;
    });
    const timer = setTimeout(() => done(), HEARD_WAIT_MS);
    const done = () => {
      clearTimeout(timer);
      const set = waiting.get(key);
      set?.delete(done);
      if (set?.size === 0) waiting.delete(key);
      resolve();
    };
    const set = waiting.get(key) ?? new Set();
    waiting.set(key, set);
    set.add(done);
    return { heard, cancel: done };
  };

  return {
    async read(key, load) {
      if (live) {
        const cached = entries.get(key);
        if (cached !== undefined) return cached;
      }
      const wasLive = live;
      const mark: Reading = { stale: false };
      const marks = reading.get(key) ?? new Set();
      reading.set(key, marks);
      marks.add(mark);
      try {
        const value = await load();
        if (value !== null && wasLive && live && !mark.stale) {
          if (entries.size >= limit && !entries.has(key))
            entries.delete(entries.keys().next().value as string);
          entries.set(key, value);
        }
        return value;
      } finally {
        marks.delete(mark);
        if (marks.size === 0) reading.delete(key);
      }
    },

    async write(key, run, changed) {
      // Registered before the write, so its notification cannot pass unseen.
      const own = live ? expect(key) : undefined;
      dropKey(key);
      let result: Awaited<ReturnType<typeof run>>;
      try {
        result = await run();
      } catch (error) {
        own?.cancel();
        throw error;
      }
      // A read of this instance that ran during the write may hold the row from before it.
      dropKey(key);
      if (own) {
        if (changed === undefined || changed(result)) await own.heard;
        else own.cancel();
      }
      return result;
    },

    get size() {
      return entries.size;
    },
    get live() {
      return live;
    },
    close: stop,
  };
}
