// A run's progress as the pages poll it (GET /api/distributor/{id}/progress).
import type { Db } from "../../db/client.ts";
import { preparedOnce } from "../../db/prepared.ts";
import type { DistributionRow, EntryType } from "./runs.ts";

// Pages poll it every `limits.progressPollMs`: prepared once per connection, as two lookups by key without the query
// builder's mapping — bun:sqlite ran the join with its ORDER BY about five times as slowly (8–16 µs against 1.6 µs
// on a WAL file, measured in place).
const progressStatements = preparedOnce((db) => ({
  run: db.$client.prepare<
    {
      status: DistributionRow["status"];
      trigger: DistributionRow["trigger"];
      totalNumberOfLikedSongs: number | null;
      createdPlaylistNames: string | null;
    },
    [string, string]
  >(
    `SELECT status, trigger, total_number_of_liked_songs AS totalNumberOfLikedSongs,
       created_playlist_names AS createdPlaylistNames
     FROM distributions WHERE id = ? AND user_id = ?`,
  ),
  entries: db.$client.prepare<
    { id: number; distributionType: EntryType; totalWork: number; completedWork: number },
    [string]
  >(
    `SELECT id, distribution_type AS distributionType, total_work AS totalWork, completed_work AS completedWork
     FROM distribution_entries WHERE distribution_id = ?`,
  ),
}));

/** The user's run with its progress entries in the order they were created, or undefined when not theirs. */
export function ownDistributionWithEntries(db: Db, id: string, userId: string) {
  const statements = progressStatements(db);
  const run = statements.run.get(id, userId);
  if (!run) return undefined;
  const entries = statements.entries.all(id).sort((a, b) => a.id - b.id);
  const names: unknown = run.createdPlaylistNames === null ? null : JSON.parse(run.createdPlaylistNames);
  return {
    status: run.status,
    trigger: run.trigger,
    totalNumberOfLikedSongs: run.totalNumberOfLikedSongs,
    createdPlaylistNames: Array.isArray(names) ? (names as string[]) : null,
    entries,
  };
}
