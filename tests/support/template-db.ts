// A migrated database made once per test process and copied per test file: a server starts on a real SQLite file
// with every migration already applied, instead of running the migrations again for each test file.
import { chmodSync, copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { openDatabase } from "../../src/server/db/client.ts";
import { processTempDir } from "./temp-dirs.ts";

let templatePath: string | undefined;

/** The template: a database migrated by the app's own `openDatabase`, its WAL checkpointed into the main file. */
function template(): string {
  if (templatePath) return templatePath;
  // removed at exit by a process that runs exit handlers (a benchmark); bun test runs none, and a later run removes
  // it once this process is gone (temp-dirs.ts)
  const dir = processTempDir("crate-template-");
  const path = join(dir, "template.db");
  const opened = openDatabase(path);
  opened.sqlite.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  opened.close();
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  templatePath = path;
  return path;
}

/**
 * Puts a copy of the migrated template at `path` (a new file, mode 0600 as the app makes it). The copy is a WAL-mode
 * database like any other: the app's `openDatabase` sets its pragmas and finds no migration left to apply.
 */
export function copyMigratedDatabase(path: string): void {
  if (existsSync(path)) throw new Error(`${path} exists: a template copy goes to a new file`);
  const from = template();
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  copyFileSync(from, path);
  chmodSync(path, 0o600);
}
