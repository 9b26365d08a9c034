// The one way Crate's repositories group statements into a transaction (ADR 0034).
import type { Database, Statement } from "bun:sqlite";
import type { Db } from "./client.ts";

declare const openTransaction: unique symbol;

/**
 * The database while a transaction of `transaction()` is open on it. It is the same connection as the `Db` it came
 * from (SQLite has one transaction per connection); the type only marks it, so that a function which must run inside
 * its caller's transaction says so by taking a `Tx`, and the type checker refuses a bare `Db` there.
 */
export type Tx = Db & { readonly [openTransaction]: true };

interface ConnectionStatements {
  begin: Statement;
  commit: Statement;
  rollback: Statement;
  changes: Statement<{ n: number }, []>;
}

// Prepared once per connection: bun:sqlite's own transaction() builds its wrapper on every call.
const statementsOf = new WeakMap<Database, ConnectionStatements>();

function statements(client: Database): ConnectionStatements {
  let prepared = statementsOf.get(client);
  if (!prepared) {
    prepared = {
      begin: client.prepare("BEGIN"),
      commit: client.prepare("COMMIT"),
      rollback: client.prepare("ROLLBACK"),
      changes: client.prepare<{ n: number }, []>("SELECT total_changes() AS n"),
    };
    statementsOf.set(client, prepared);
  }
  return prepared;
}

/** Connections with a transaction that `transaction()` began, with their count of changes when it began. */
const changesAtBegin = new WeakMap<Database, number>();

/**
 * Runs fn's statements as one transaction and returns what fn returns; a throw rolls all of them back. Called while a
 * transaction is open on the connection (inside fn of an outer `transaction()`, or with the `Tx` it handed down), it
 * joins that transaction: no BEGIN of its own, nothing committed before the outer one commits, and a throw is the
 * outer transaction's to roll back — so code inside a transaction never catches a throw to carry on with it.
 *
 * One BEGIN (deferred) serves reads and writes alike: a request's reads see one snapshot and take the WAL's read
 * lock once instead of once per statement. fn must be synchronous: a transaction never spans an await.
 */
export function transaction<T>(db: Db, fn: (tx: Tx) => T): T {
  const client = db.$client;
  if (client.inTransaction) return fn(db as Tx);
  const prepared = statements(client);
  prepared.begin.run();
  changesAtBegin.set(client, prepared.changes.get()?.n ?? 0);
  try {
    const result = fn(db as Tx);
    if (result instanceof Promise) throw new TypeError("a transaction's function must not be async");
    prepared.commit.run();
    return result;
  } catch (error) {
    if (client.inTransaction) prepared.rollback.run();
    throw error;
  } finally {
    changesAtBegin.delete(client);
  }
}

/**
 * Rows this connection has inserted, changed or deleted since it opened (triggers and cascades included).
 * SQLite's total_changes() reads a counter of the connection: no lock, no file access.
 */
export function changesSoFar(db: Db): number {
  return statements(db.$client).changes.get()?.n ?? 0;
}

/**
 * Whether the connection's open transaction could be undone with a write in it: one that `transaction()` began and
 * in which something has been written since, or one begun elsewhere (then nothing is known of it).
 */
export function inUncommittedWrite(db: Db): boolean {
  if (!db.$client.inTransaction) return false;
  const atBegin = changesAtBegin.get(db.$client);
  return atBegin === undefined || changesSoFar(db) !== atBegin;
}
