// A run's progress as the pages poll it (GET /api/distributor/{id}/progress): the most frequent read of all, so
// its two queries are built once (builtQuery, ADR 0081).
import { and, asc, eq, sql } from "drizzle-orm";
import { builtQuery, type Db } from "../../db/client.ts";
import { distributionEntries, distributions } from "../../db/schema/index.ts";

const ownRunQuery = (db: Db) =>
  db
    .select({
      status: distributions.status,
      trigger: distributions.trigger,
      totalNumberOfLikedSongs: distributions.totalNumberOfLikedSongs,
      createdPlaylistNames: distributions.createdPlaylistNames,
    })
    .from(distributions)
    .where(
      and(eq(distributions.id, sql.placeholder("id")), eq(distributions.userId, sql.placeholder("userId"))),
    )
    .prepare();

const entriesQuery = (db: Db) =>
  db
    .select({
      id: distributionEntries.id,
      distributionType: distributionEntries.distributionType,
      totalWork: distributionEntries.totalWork,
      completedWork: distributionEntries.completedWork,
    })
    .from(distributionEntries)
    .where(eq(distributionEntries.distributionId, sql.placeholder("id")))
    .orderBy(asc(distributionEntries.id))
    .prepare();

/** The user's run with its progress entries in the order they were created, or undefined when not theirs. */
export function ownDistributionWithEntries(db: Db, id: string, userId: string) {
  const run = builtQuery(db, ownRunQuery).get({ id, userId });
  if (!run) return undefined;
  const entries = builtQuery(db, entriesQuery).all({ id });
  const names = run.createdPlaylistNames;
  return { ...run, createdPlaylistNames: Array.isArray(names) ? names : null, entries };
}
