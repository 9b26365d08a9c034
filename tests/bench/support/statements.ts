// Counts the statements a piece of work runs on a connection (each all/get/run/values/iterate of a statement
// it asks `query` or `prepare` for, drizzle's included), so a benchmark can say how many a step takes.
import type { Database, Statement } from "bun:sqlite";

const RUNS = ["all", "get", "run", "values", "iterate"] as const;
const counted = Symbol("counted");

type Runs = Record<(typeof RUNS)[number], (...args: unknown[]) => unknown>;
type Countable = Statement & { [counted]?: true };

/** the count of the work being counted now (statements stay wrapped; they count only while one is) */
let current: { n: number } | null = null;

function track(statement: Countable): Countable {
  if (statement[counted]) return statement;
  statement[counted] = true;
  const runs = statement as unknown as Runs;
  for (const name of RUNS) {
    const run = runs[name].bind(statement);
    runs[name] = (...args: unknown[]) => {
      if (current) current.n += 1;
      return run(...args);
    };
  }
  return statement;
}

export async function countStatements(sqlite: Database, work: () => Promise<void>): Promise<number> {
  const count = { n: 0 };
  current = count;
  const { query, prepare } = sqlite;
  sqlite.query = ((sql: string) => track(query.call(sqlite, sql) as Countable)) as typeof sqlite.query;
  sqlite.prepare = ((sql: string, ...rest: unknown[]) =>
    track(prepare.call(sqlite, sql, ...(rest as [])) as Countable)) as typeof sqlite.prepare;
  try {
    await work();
  } finally {
    current = null;
    sqlite.query = query;
    sqlite.prepare = prepare;
  }
  return count.n;
}
