import type { Database } from "bun:sqlite";
import { migrations } from "./migrations.generated.ts";

/**
 * Applies the embedded migrations (the SQL files of drizzle/, imported as text so the compiled binary carries
 * them) in order, each in its own transaction, recording each tag once. Foreign keys are off while they run
 * (SQLite ignores the pragma inside a transaction, and a table rebuild's DROP would cascade-delete the rows
 * that refer to it); `PRAGMA foreign_key_check` before each commit refuses one that leaves a dangling reference.
 */
export function applyMigrations(
  sqlite: Database,
  list: readonly { tag: string; sql: string }[] = migrations,
): string[] {
  sqlite.exec("CREATE TABLE IF NOT EXISTS _migrations (tag TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)");
  const applied = new Set(
    sqlite
      .query<{ tag: string }, []>("SELECT tag FROM _migrations")
      .all()
      .map((r) => r.tag),
  );
  const ran: string[] = [];
  for (const migration of list) {
    if (applied.has(migration.tag)) continue;
    const statements = migration.sql
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter(Boolean);
    const enforced =
      sqlite.query<{ foreign_keys: number }, []>("PRAGMA foreign_keys").get()?.foreign_keys === 1;
    sqlite.exec("PRAGMA foreign_keys = OFF");
    try {
      sqlite.transaction(() => {
        for (const statement of statements) sqlite.exec(statement);
        const dangling = sqlite
          .query<{ table: string; parent: string }, []>("PRAGMA foreign_key_check")
          .all();
        if (dangling.length > 0) {
          const first = dangling[0];
          throw new Error(
            `migration ${migration.tag} leaves ${dangling.length} row(s) with a broken foreign key (${first?.table} → ${first?.parent})`,
          );
        }
        sqlite
          .query("INSERT INTO _migrations (tag, applied_at) VALUES (?, ?)")
          .run(migration.tag, Date.now());
      })();
    } finally {
      if (enforced) sqlite.exec("PRAGMA foreign_keys = ON");
    }
    ran.push(migration.tag);
  }
  return ran;
}
