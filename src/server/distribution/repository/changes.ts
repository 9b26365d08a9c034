/**
 * The rows a write changed. bun:sqlite reports them with every run; drizzle's bun-sqlite driver passes that
 * result through but types it as void.
 */
export function changesOf(result: unknown): number {
  const changes = (result as { changes?: unknown } | null | undefined)?.changes;
  if (typeof changes !== "number") throw new Error("the database driver did not report changed rows");
  return changes;
}
