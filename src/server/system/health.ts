import { sql } from "drizzle-orm";
import type { Deps } from "../deps/deps.ts";

/** `ok` once the database answers a query. */
export function checkHealth(deps: Pick<Deps, "db">): { status: "ok" } {
  deps.db.run(sql`SELECT 1`);
  return { status: "ok" };
}
