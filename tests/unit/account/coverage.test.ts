import { describe, expect, test } from "bun:test";
import { getTableName, is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { personalDataTableNames } from "../../../src/server/account/personal-data.ts";
import {
  retainedTables,
  userChildTables,
  userDataTableNames,
  userOwnedTables,
} from "../../../src/server/account/user-data.ts";
import * as schema from "../../../src/server/db/schema/index.ts";

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is SQLiteTable =>
  is(value, SQLiteTable),
);
const hasUserIdColumn = (table: SQLiteTable) =>
  getTableConfig(table).columns.some((c) => c.name === "userId" || c.name === "user_id");

/** Tables that hold a user's data: a userId column, or a foreign key into such a table (or users). */
function userLinkedTableNames(): Set<string> {
  const linked = new Set<string>(["users"]);
  for (const t of tables) if (hasUserIdColumn(t)) linked.add(getTableName(t));
  let grew = true;
  while (grew) {
    grew = false;
    for (const t of tables) {
      const name = getTableName(t);
      if (linked.has(name)) continue;
      const refersToLinked = getTableConfig(t).foreignKeys.some((fk) =>
        linked.has(getTableName(fk.reference().foreignTable)),
      );
      if (refersToLinked) {
        linked.add(name);
        grew = true;
      }
    }
  }
  return linked;
}

describe("every table that holds user data is covered", () => {
  const linked = [...userLinkedTableNames()].sort();

  test("the schema has user tables at all (the detection works)", () => {
    expect(linked).toContain("likes");
    expect(linked).toContain("playlist_songs");
    expect(linked).toContain("payments");
  });

  test.each(linked)("%s is part of the personal-data export", (name) => {
    expect(personalDataTableNames as readonly string[]).toContain(name);
  });

  test.each(linked)("%s is deleted with the account or retained for its legal period", (name) => {
    expect(userDataTableNames).toContain(name);
  });

  test("the registry names only tables that exist", () => {
    const existing = new Set<string>(tables.map((t) => getTableName(t)));
    for (const name of [...personalDataTableNames, ...userDataTableNames])
      expect(existing.has(name)).toBe(true);
  });

  test("every owned table really has a userId column, and no table is both deleted and retained", () => {
    for (const t of userOwnedTables) expect(hasUserIdColumn(t)).toBe(true);
    const retained = new Set<string>(retainedTables.map((t) => getTableName(t)));
    for (const t of [...userOwnedTables, ...userChildTables.map((c) => c.table)]) {
      expect(retained.has(getTableName(t))).toBe(false);
    }
  });
});
