// A run's progress as the pages poll it (GET /api/distributor/{id}/progress).
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { distributionEntries, distributions } from "../../db/schema/index.ts";

/** The user's run with its progress entries in the order they were created, or undefined when not theirs. */
export function ownDistributionWithEntries(db: Db, id: string, userId: string) {
  const run = db
    .select({
      status: distributions.status,
      trigger: distributions.trigger,
      totalNumberOfLikedSongs: distributions.totalNumberOfLikedSongs,
      createdPlaylistNames: distributions.createdPlaylistNames,
    })
    .from(distributions)
    .where(and(eq(distributions.id, id), eq(distributions.userId, userId)))
    .get();
  if (!run) return undefined;
  const entries = db
    .select({
      id: distributionEntries.id,
      distributionType: distributionEntries.distributionType,
      totalWork: distributionEntries.totalWork,
      completedWork: distributionEntries.completedWork,
    })
    .from(distributionEntries)
    .where(eq(distributionEntries.distributionId, id))
    .orderBy(asc(distributionEntries.id))
    .all();
  const names = run.createdPlaylistNames;
  return { ...run, createdPlaylistNames: Array.isArray(names) ? names : null, entries };
}
