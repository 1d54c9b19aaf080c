/**
 * Sign-in sessions: every token names one row of `auth_sessions` by its `sid`, and a token is
 * honoured only while that row is live. Sign-out revokes rows; revocation is permanent.
 *
 * The check runs on every authenticated request, so it is answered from a per-instance cache and
 * costs a Map lookup. The cache holds only live sessions and is emptied whenever any session is
 * revoked anywhere: a trigger on `auth_sessions` sends NOTIFY `nu_forms_sessions`, every instance
 * LISTENs. It is used only while this instance's listener is connected (PostgreSQL; PGlite is one
 * process's database and always "connected"); a row read from the database is cached only if no
 * notification arrived while it was being read, so a revocation is never overwritten by a stale
 * read. See docs/sessions.md.
 */
import { randomUUID } from "node:crypto";
import { STAFF_IDLE_MINUTES, STAFF_SESSION_HOURS } from "../../lib/core/staffToken.ts";
import type { Db } from "../db/db.ts";
import { ApiFailure } from "../http/envelope.ts";

export type SessionKind = "staff" | "customer";

/** Staff: a token lives 30 minutes unless renewed, a session 12 hours at most. */
export const STAFF_IDLE_S = STAFF_IDLE_MINUTES * 60;
export const STAFF_SESSION_MAX_S = STAFF_SESSION_HOURS * 60 * 60;
/** Customers: one sign-in lasts 2 hours (no renewal). */
export const CUSTOMER_SESSION_S = 2 * 60 * 60;

export const SESSIONS_CHANNEL = "nu_forms_sessions";
/** Live sessions remembered per instance (and as many revoked ids); the oldest go first. */
const CACHE_LIMIT = 20_000;
/** How long a revocation waits for its own notification before answering anyway. */
const HEARD_WAIT_MS = 1_000;

export interface Session {
  sid: string;
  kind: SessionKind;
  subject: string;
  expiresAtMs: number;
}

export interface SessionRow {
  kind: SessionKind;
  subject: string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
}

/** The columns of `auth_sessions` that `accept` needs, as a statement selects them. */
export const SESSION_ROW_SQL = "kind, subject, expires_at, revoked_at";
/**
 * The condition `accept` checks, as SQL over those columns: live for (kind, subject) at a time.
 * The arguments are the statement's placeholders for them (`$10` …).
 */
export function sessionLiveSql(kind: string, subject: string, at: string): string {
  return `revoked_at IS NULL AND kind = ${kind} AND subject = ${subject} AND expires_at > ${at}`;
}

/** The cache's state when a read began: the row is remembered only if nothing changed since. */
export interface ReadMark {
  epoch: number;
  listening: boolean;
}

export type EndReason = "sign-out" | "everywhere" | `admin:${string}`;

export interface Sessions {
  /** A new session for `subject` (staff id, or the customer e-mail's HMAC); `sid` if chosen already. */
  start(kind: SessionKind, subject: string, sid?: string): Promise<Session>;
  /** The live session `sid` of that kind and subject; 401 SESSION_ENDED / TOKEN_EXPIRED otherwise. */
  check(sid: string, kind: SessionKind, subject: string): Promise<Session>;
  /**
   * `check` split in two, for a write that reads the session in its own statement (one round
   * trip instead of two when this instance has not seen the session yet): `cached` answers from
   * the cache (undefined: not known here, SESSION_ENDED: known revoked); otherwise the caller
   * takes `mark()`, reads the row with SESSION_ROW_SQL's columns in its statement (which must
   * write only when the row passes `sessionLiveSql`), and `accept`s the row it read.
   */
  cached(sid: string, kind: SessionKind, subject: string): Promise<Session | undefined>;
  mark(): ReadMark;
  accept(
    sid: string,
    kind: SessionKind,
    subject: string,
    row: SessionRow | null,
    mark: ReadMark,
    atMs?: number,
  ): Session;
  /** Ends one session; true when it was live. */
  end(sid: string, reason: EndReason): Promise<boolean>;
  /** Ends every live session of a subject; returns how many. */
  endAll(kind: SessionKind, subject: string, reason: EndReason): Promise<number>;
  /**
   * `load()`'s answer, remembered under `key` in the same per-instance cache as the sessions and
   * dropped with them on every NOTIFY `nu_forms_sessions` (migration 007 also sends it when a staff
   * row changes): for what decides whether a live session's holder may act (the staff row).
   * `null` is never remembered; while the listener is down every call loads.
   */
  remember<T extends object>(key: string, load: () => Promise<T | null>): Promise<T | null>;
  /** What the cache holds (tests and diagnostics). */
  readonly cache: { readonly size: number; readonly remembered: number; readonly live: boolean };
  close(): Promise<void>;
}

function limitedSet<K, V>(map: Map<K, V>, key: K, value: V): void {
  if (map.size >= CACHE_LIMIT) map.delete(map.keys().next().value as K);
  map.set(key, value);
}

const ended = () => new ApiFailure("SESSION_ENDED");

export async function createSessions(db: Db, now: () => number): Promise<Sessions> {
  const liveSessions = new Map<string, Session>();
  const remembered = new Map<string, object>();
  const revoked = new Map<string, true>();
  let epoch = 0;
  let listening = false;

  const invalidate = () => {
    liveSessions.clear();
    remembered.clear();
    epoch++;
  };
  // Notifications heard, and who waits for the next one (see `heard`).
  let heardCount = 0;
  let waiters: Array<() => void> = [];
  const onNotify = () => {
    heardCount++;
    invalidate();
    const waiting = waiters;
    waiters = [];
    for (const wake of waiting) wake();
  };
  /**
   * Resolves once this instance has heard a notification after `count` (at most HEARD_WAIT_MS).
   * A revocation made here is answered only then: PostgreSQL signals every listener of the
   * commit at the same moment, so the other instances have it as soon as this one does, and a
   * client that goes on to another instance finds the session ended there too.
   */
  const heard = (count: number) =>
    new Promise<void>((resolve) => {
      if (!listening || heardCount > count) return resolve();
      const timer = setTimeout(resolve, HEARD_WAIT_MS);
      waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  const stopListening = await db.listen(SESSIONS_CHANNEL, onNotify, (connected) => {
    listening = connected;
    invalidate();
  });

  const mark = (): ReadMark => ({ epoch, listening });
  /** The session of a row read at `readAt`, remembered when no notification came meanwhile. */
  function fromRow(sid: string, row: SessionRow | null, readAt: ReadMark): Session | null {
    if (!row) return null;
    if (row.revoked_at !== null) {
      limitedSet(revoked, sid, true);
      return null;
    }
    const found = {
      sid,
      kind: row.kind,
      subject: row.subject,
      expiresAtMs: new Date(row.expires_at).getTime(),
    };
    if (readAt.listening && listening && readAt.epoch === epoch) limitedSet(liveSessions, sid, found);
    return found;
  }
  const checked = (session: Session | null, kind: SessionKind, subject: string, atMs: number) => {
    if (!session) throw ended();
    if (session.kind !== kind || session.subject !== subject) throw new ApiFailure("UNAUTHENTICATED");
    if (session.expiresAtMs <= atMs) throw new ApiFailure("TOKEN_EXPIRED");
    return session;
  };

  const cached = async (sid: string, kind: SessionKind, subject: string) => {
    let session = listening ? liveSessions.get(sid) : undefined;
    if (session) {
      // The rest of this I/O turn first: a notification that reached this instance together
      // with the request (a sign-out answered by another instance a moment ago) empties the
      // cache before the cache answers. Verification is synchronous now; without this turn
      // the request could be answered in the same tick it arrived in.
      await new Promise<void>((resolve) => setImmediate(resolve));
      session = listening ? liveSessions.get(sid) : undefined;
    }
    if (session) return checked(session, kind, subject, now());
    if (revoked.has(sid)) throw ended();
    return undefined;
  };

  return {
    async start(kind, subject, sid = randomUUID()) {
      // Whole seconds, like the exp of the tokens that end with it.
      const startedMs = Math.floor(now() / 1000) * 1000;
      const session: Session = {
        sid,
        kind,
        subject,
        expiresAtMs: startedMs + (kind === "staff" ? STAFF_SESSION_MAX_S : CUSTOMER_SESSION_S) * 1000,
      };
      const writtenAt = { epoch, listening };
      await db.query(
        "INSERT INTO auth_sessions (sid, kind, subject, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)",
        [
          session.sid,
          kind,
          subject,
          new Date(startedMs).toISOString(),
          new Date(session.expiresAtMs).toISOString(),
        ],
      );
      // Live from birth: its first use here needs no read, unless a revocation (an "everywhere"
      // that may have caught it) was heard meanwhile.
      if (writtenAt.listening && listening && writtenAt.epoch === epoch)
        limitedSet(liveSessions, session.sid, session);
      return session;
    },

    async check(sid, kind, subject) {
      const session = await cached(sid, kind, subject);
      if (session) return session;
      const readAt = mark();
      const { rows } = await db.query<SessionRow>(
        `SELECT ${SESSION_ROW_SQL} FROM auth_sessions WHERE sid = $1`,
        [sid],
      );
      return checked(fromRow(sid, rows[0] ?? null, readAt), kind, subject, now());
    },

    cached,
    mark,
    accept: (sid, kind, subject, row, readAt, atMs = now()) =>
      checked(fromRow(sid, row, readAt), kind, subject, atMs),

    async end(sid, reason) {
      const before = heardCount;
      const { rowCount } = await db.query(
        "UPDATE auth_sessions SET revoked_at = $2, revoked_reason = $3 WHERE sid = $1 AND revoked_at IS NULL",
        [sid, new Date(now()).toISOString(), reason],
      );
      limitedSet(revoked, sid, true);
      invalidate();
      if (rowCount > 0) await heard(before);
      return rowCount > 0;
    },

    async endAll(kind, subject, reason) {
      const before = heardCount;
      const { rows } = await db.query<{ sid: string }>(
        `UPDATE auth_sessions SET revoked_at = $3, revoked_reason = $4
         WHERE kind = $1 AND subject = $2 AND revoked_at IS NULL RETURNING sid`,
        [kind, subject, new Date(now()).toISOString(), reason],
      );
      for (const row of rows) limitedSet(revoked, row.sid, true);
      invalidate();
      if (rows.length > 0) await heard(before);
      return rows.length;
    },

    async remember<T extends object>(key: string, load: () => Promise<T | null>) {
      const known = listening ? (remembered.get(key) as T | undefined) : undefined;
      if (known) return known;
      const readAt = { epoch, listening };
      const found = await load();
      // Only a read no notification overtook: a change made meanwhile is never hidden.
      if (found && readAt.listening && listening && readAt.epoch === epoch)
        limitedSet(remembered, key, found);
      return found;
    },

    cache: {
      get size() {
        return liveSessions.size;
      },
      get remembered() {
        return remembered.size;
      },
      get live() {
        return listening;
      },
    },

    close: stopListening,
  };
}
