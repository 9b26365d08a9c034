// The memory of questions asked: per source, kind and key, whether the answer was found and when it was asked.
import { and, eq, or, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { metadataLookups } from "../../db/schema/index.ts";
import { transaction } from "../../db/transaction.ts";

type Lookup = typeof metadataLookups.$inferSelect;

/** A miss is asked again after this long; a hit never. */
export const MISS_RETRY_MS = 30 * 24 * 3600_000;

/** `artist-isrc`: an unlinked Spotify artist was looked for through one of its songs' ISRCs. */
export type LookupKind = "features" | "artist" | "url" | "tags" | "isrc" | "artist-isrc" | "bpm";

/** A question a source is asked, as the memory keeps it: the source and what was asked. */
export interface Question {
  source: string;
  kind: LookupKind;
}

/** The memory's rows of any of these questions (a condition for a query of `metadata_lookups`). */
export const isOneOf = (questions: readonly Question[]): SQL | undefined =>
  or(...questions.map((q) => and(eq(metadataLookups.source, q.source), eq(metadataLookups.kind, q.kind))));

/** The keys among `keys` that the source may be asked about now (never asked, or a miss older than 30 days). */
export function askable(
  db: Db,
  source: string,
  kind: LookupKind,
  keys: readonly string[],
  now: number,
): string[] {
  if (keys.length === 0) return [];
  const asked = new Set<string>();
  const query = db.$client.query<Pick<Lookup, "key">, [string, string, number, string]>(
    `SELECT key FROM metadata_lookups WHERE source = ? AND kind = ? AND (found = 1 OR checked_at > ?)
     AND key IN (SELECT value FROM json_each(?))`,
  );
  for (let i = 0; i < keys.length; i += 5000) {
    const part = keys.slice(i, i + 5000);
    for (const row of query.all(source, kind, now - MISS_RETRY_MS, JSON.stringify(part))) asked.add(row.key);
  }
  return keys.filter((key) => !asked.has(key));
}

/** True when the source was asked about the key (hit, or a miss not yet 30 days old). */
export function wasAsked(db: Db, source: string, kind: LookupKind, key: string, now: number): boolean {
  return askable(db, source, kind, [key], now).length === 0;
}

/** Records the answers: keys in `found` as hits, the other asked keys as misses; joins the caller's transaction. */
export function recordLookups(
  db: Db,
  source: string,
  kind: LookupKind,
  asked: readonly string[],
  found: ReadonlySet<string>,
  now: number,
): void {
  // one prepared upsert run per key (bun caches the statement): half the time of a drizzle insert built per round
  const upsert = db.$client.query<never, [string, string, string, number, number]>(
    `INSERT INTO metadata_lookups (source, kind, key, found, checked_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT(source, kind, key) DO UPDATE SET found = excluded.found, checked_at = excluded.checked_at`,
  );
  transaction(db, () => {
    for (const key of asked) upsert.run(source, kind, key, found.has(key) ? 1 : 0, now);
  });
}
