// Answers of the hottest reads kept in memory by an explicit key while nothing was written: a signed-in request's
// session (auth/sessions.ts) and, at the edge only, a polled run's progress and the listener's preferences (the
// REST read shims and tRPC procedures; services return plain values, ADR 0040). Every statement outside a held
// lock costs a WAL read lock (two fcntl calls), which was the largest single cost of a progress poll; a memo hit
// runs no statement at all.
import type { Db } from "./client.ts";
import { changesSoFar, inUncommittedWrite } from "./transaction.ts";

/**
 * As many answers as signed-in listeners polling at once; a second at most behind another process's write. Answers
 * kept as large text (the preferences' 52 KB) fewer: about 50 MB.
 */
export const READ_MEMO_LIMITS = { maxEntries: 20_000, maxAgeMs: 1_000, largeAnswers: 1_000 };

export interface ReadMemo<V> {
  /**
   * The remembered answer for `key`, or `read()`'s (then remembered) when anything may have changed since; `read`
   * is given the answer it replaces, if any, so what is made from an answer that came out the same can be kept.
   */
  get(db: Db, key: string, read: (replaced: V | undefined) => V): V;
}

/**
 * A memo valid while this connection has written nothing since the answer was read — every write of Crate goes
 * through its one connection — and for at most `maxAgeMs`, which bounds how long a write by another process
 * (an operator's sqlite3 shell) goes unseen. Answers read inside a transaction that has written are never kept:
 * it could still roll back. At most `maxEntries` answers per connection, the oldest dropped first.
 */
export function readMemo<V>(
  options: { maxEntries: number; maxAgeMs: number } = READ_MEMO_LIMITS,
): ReadMemo<V> {
  type Entry = { value: V; changes: number; readAt: number };
  const byConnection = new WeakMap<Db["$client"], Map<string, Entry>>();
  return {
    get(db, key, read) {
      // Inside a transaction that has written since it began (or one begun outside transaction(), of which
      // nothing is known), the answer may be undone by a rollback: read, never kept.
      if (inUncommittedWrite(db)) return read(undefined);
      let entries = byConnection.get(db.$client);
      if (!entries) {
        entries = new Map();
        byConnection.set(db.$client, entries);
      }
      const changes = changesSoFar(db);
      const now = performance.now();
      const kept = entries.get(key);
      if (kept && kept.changes === changes && now - kept.readAt <= options.maxAgeMs) return kept.value;
      const value = read(kept?.value);
      // a write during the read (it counts before its commit) makes the count differ: not kept
      if (changesSoFar(db) !== changes) return value;
      entries.delete(key);
      entries.set(key, { value, changes, readAt: now });
      if (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return value;
    },
  };
}
