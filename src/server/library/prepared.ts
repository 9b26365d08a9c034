// Statements a sync runs once per listed song: built by drizzle from the schema, prepared once on the
// connection, and run with their placeholders filled by precomputed encoders (drizzle's own prepared queries
// look every parameter's kind up again on each run, which doubled the cost of a large sync).
import { is, Param, Placeholder } from "drizzle-orm";
import type { Db } from "../db/client.ts";

type Fill = (values: Record<string, unknown>) => unknown;

interface BuiltQuery {
  toSQL(): { sql: string; params: unknown[] };
}

function fillersOf(params: unknown[]): Fill[] {
  return params.map((param): Fill => {
    if (is(param, Param) && is(param.value, Placeholder)) {
      const { name } = param.value;
      const encoder = param.encoder;
      return encoder ? (values) => encoder.mapToDriverValue(values[name]) : (values) => values[name];
    }
    if (is(param, Placeholder)) {
      const { name } = param;
      return (values) => values[name];
    }
    const value = is(param, Param) ? param.value : param;
    return () => value;
  });
}

/** A statement for writes: `run(values)` by placeholder name. */
export function prepareWrite<V extends object>(db: Db, query: BuiltQuery): (values: V) => void {
  const { sql, params } = query.toSQL();
  const statement = db.$client.prepare(sql);
  const fill = fillersOf(params);
  return (values) => {
    statement.run(...(fill.map((f) => f(values as Record<string, unknown>)) as never[]));
  };
}

/** A statement for reads of one row: its columns in the order selected, or undefined. */
export function prepareRowValues<V extends object>(
  db: Db,
  query: BuiltQuery,
): (values: V) => unknown[] | undefined {
  const { sql, params } = query.toSQL();
  const statement = db.$client.prepare(sql);
  const fill = fillersOf(params);
  return (values) =>
    statement.values(...(fill.map((f) => f(values as Record<string, unknown>)) as never[]))[0] as
      | unknown[]
      | undefined;
}
