import { dirname, join } from "node:path";

/** `<database folder>/<file>`: an emulator's state beside Crate's database; none (in memory) for an in-memory one. */
export function stateFileBeside(databasePath: string, file: string): string | undefined {
  if (databasePath === ":memory:" || databasePath.startsWith("file::memory:")) return undefined;
  return join(dirname(databasePath), file);
}
