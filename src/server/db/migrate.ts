import type { Database } from "bun:sqlite";
import { migrations } from "./migrations.generated.ts";

/**
 * Applies the embedded migrations (the SQL files of drizzle/, imported as text so the compiled binary carries
 * them) in order, each in its own transaction, recording each tag once.
 */
export function applyMigrations(sqlite: Database): string[] {
  sqlite.exec("CREATE TABLE IF NOT EXISTS _migrations (tag TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)");
  const applied = new Set(
    sqlite
      .query<{ tag: string }, []>("SELECT tag FROM _migrations")
      .all()
      .map((r) => r.tag),
  );
  const ran: string[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.tag)) continue;
    const statements = migration.sql
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .filter(Boolean);
    sqlite.transaction(() => {
      for (const statement of statements) sqlite.exec(statement);
      sqlite.query("INSERT INTO _migrations (tag, applied_at) VALUES (?, ?)").run(migration.tag, Date.now());
    })();
    ran.push(migration.tag);
  }
  return ran;
}
