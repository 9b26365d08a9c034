// Migrations that rebuild a table (create the new one, copy, drop the old, rename) must not cascade-delete the
// rows that refer to it: foreign keys are off while a migration runs (they cannot be turned off inside a
// transaction), and a foreign_key_check before its commit refuses a migration that leaves a dangling reference.
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { applyMigrations } from "../../../src/server/db/migrate.ts";

const base = {
  tag: "0000_people",
  sql: [
    "CREATE TABLE people (id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL)",
    "CREATE TABLE likes (id INTEGER PRIMARY KEY, person_id TEXT NOT NULL REFERENCES people(id) ON DELETE CASCADE)",
  ].join("\n--> statement-breakpoint\n"),
};

/** The way a migration changes a column SQLite cannot alter: a new table, the rows copied, the old one dropped. */
const rebuild = {
  tag: "0001_people_rebuilt",
  sql: [
    "CREATE TABLE __new_people (id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, nickname TEXT)",
    "INSERT INTO __new_people (id, name) SELECT id, name FROM people",
    "DROP TABLE people",
    "ALTER TABLE __new_people RENAME TO people",
  ].join("\n--> statement-breakpoint\n"),
};

function openWithForeignKeys(): Database {
  const sqlite = new Database(":memory:");
  sqlite.exec("PRAGMA foreign_keys = ON");
  return sqlite;
}

describe("applying migrations", () => {
  test("a table rebuild keeps the rows that refer to it, and foreign keys are on again after", () => {
    const sqlite = openWithForeignKeys();
    expect(applyMigrations(sqlite, [base])).toEqual(["0000_people"]);
    sqlite.exec("INSERT INTO people VALUES ('p1', 'Ann'), ('p2', 'Bo')");
    sqlite.exec("INSERT INTO likes (person_id) VALUES ('p1'), ('p1'), ('p2')");

    expect(applyMigrations(sqlite, [base, rebuild])).toEqual(["0001_people_rebuilt"]);

    expect(sqlite.query("SELECT count(*) AS n FROM likes").get()).toEqual({ n: 3 });
    expect(sqlite.query("PRAGMA foreign_keys").get()).toEqual({ foreign_keys: 1 });
    expect(() => sqlite.exec("INSERT INTO likes (person_id) VALUES ('nobody')")).toThrow();
  });

  test("a migration that leaves a dangling reference is refused and rolled back", () => {
    const sqlite = openWithForeignKeys();
    applyMigrations(sqlite, [base]);
    sqlite.exec("INSERT INTO people VALUES ('p1', 'Ann')");
    sqlite.exec("INSERT INTO likes (person_id) VALUES ('p1')");
    const broken = { tag: "0001_broken", sql: "DELETE FROM people" };

    expect(() => applyMigrations(sqlite, [base, broken])).toThrow(/foreign key/i);

    expect(sqlite.query("SELECT count(*) AS n FROM people").get()).toEqual({ n: 1 });
    expect(sqlite.query("SELECT tag FROM _migrations ORDER BY tag").all()).toEqual([{ tag: "0000_people" }]);
    expect(sqlite.query("PRAGMA foreign_keys").get()).toEqual({ foreign_keys: 1 });
  });
});
