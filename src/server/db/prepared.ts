// Statements the request path runs on every call, built by the query builder once per connection instead of on
// every call (building and preparing cost several times what SQLite then spends answering them).
// Keep them plain lookups by key and sort in JavaScript: SQLite prepares a statement with ORDER BY over a bound
// parameter (and the joins and subqueries measured) again on every new binding — measured in place on a WAL file,
// a keyed read with ORDER BY took 3–6 µs against 0.5–0.9 µs without, the combinations read 15 µs against 0.7 µs.
import type { Db } from "./client.ts";

/** Orders text as SQLite's ORDER BY does with its default (binary) collation, for rows sorted in code. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The statement `build` makes, built on the first call for each database handle and kept as long as the handle
 * lives. A transaction's handle is a new object each time, so inside one the statement is built for it anew.
 */
export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let statement = byDb.get(db);
    if (statement === undefined) {
      statement = build(db);
      byDb.set(db, statement);
    }
    return statement;
  };
}
