// The one way Crate's repositories group statements into a transaction (ADR 0034).
import type { Db } from "./client.ts";

declare const openTransaction: unique symbol;

/**
 * The database while a transaction of `transaction()` is open on it. It is the same connection as the `Db` it came
 * from (SQLite has one transaction per connection); the type only marks it, so that a function which must run inside
 * its caller's transaction says so by taking a `Tx`, and the type checker refuses a bare `Db` there.
 */
export type Tx = Db & { readonly [openTransaction]: true };

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
  // query(): the connection's one statement cache (client.ts) keeps BEGIN, COMMIT and ROLLBACK compiled
  client.query("BEGIN").run();
  try {
    const result = fn(db as Tx);
    if (result instanceof Promise) throw new TypeError("a transaction's function must not be async");
    client.query("COMMIT").run();
    return result;
  } catch (error) {
    if (client.inTransaction) client.query("ROLLBACK").run();
    throw error;
  }
}
