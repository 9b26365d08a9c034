// How much of a user's library each metadata group can classify, and the lookup's progress, for the Playlists
// page and the analysis.
import { eq } from "drizzle-orm";
import { consideredLikes } from "../../shared/membership.ts";
import {
  type GroupCoverage,
  groupCoverageText,
  type MetadataCoverage,
  metadataGroupFacts,
  metadataGroups,
} from "../../shared/metadata.ts";
import { users } from "../db/schema/index.ts";
import type { Deps } from "../deps/deps.ts";
import { runSteps, runStepsGivingWay } from "../platform/steps.ts";
import { factAvailable } from "./available.ts";

type Counts = {
  songs: number;
  settled: number;
  features: number;
  tempo: number;
  genres: number;
  nations: number;
};

/** Likes counted per statement: a large library is counted in parts, so a caller may give way between them. */
const PIECE = 2_000;

/** What is counted of the likes `x` (their track ids), each joined to its track `t`. */
const COUNTS = `count(*) AS likes, max(x.track_id) AS last, count(t.id) AS songs,
    sum(t.features_status != 'missing') AS settled,
    sum(t.features_source IS NOT NULL) AS features,
    sum(t.tempo IS NOT NULL) AS tempo,
    sum(EXISTS (SELECT 1 FROM json_each(t.artist_ids) j JOIN artists a ON a.id = j.value
      WHERE json_array_length(coalesce(a.genres, '[]')) > 0 OR json_array_length(coalesce(a.mb_tags, '[]')) > 0)) AS genres,
    sum(EXISTS (SELECT 1 FROM json_each(t.artist_ids) j JOIN artists a ON a.id = j.value
      WHERE a.country IS NOT NULL OR json_array_length(coalesce(a.genres, '[]')) > 0
        OR json_array_length(coalesce(a.mb_tags, '[]')) > 0)) AS nations`;

/** The counts of the user's active likes whose track id comes after `after`, PIECE of them. */
const PIECE_SQL = `SELECT ${COUNTS}
  FROM (SELECT track_id FROM likes WHERE user_id = ? AND unliked_at IS NULL AND track_id > ?
        ORDER BY track_id LIMIT ${PIECE}) x
  LEFT JOIN tracks t ON t.id = x.track_id`;

/** The counts of the user's newest active likes, as many as their playlists consider (a free listener's 1000). */
const NEWEST_SQL = `SELECT ${COUNTS}
  FROM (SELECT track_id FROM likes WHERE user_id = ? AND unliked_at IS NULL
        ORDER BY liked_at DESC, seq DESC LIMIT ?) x
  LEFT JOIN tracks t ON t.id = x.track_id`;

/**
 * Counted over the songs the listener's playlists consider: a free listener's first (newest) likes only, so the
 * figures never count songs no playlist of theirs will hold.
 */
export function metadataCoverage(deps: Deps, userId: string): MetadataCoverage {
  return runSteps(coverageSteps(deps, userId));
}

/** The same, giving the event loop back between the parts of a large library (a request that may wait). */
export function metadataCoverageGivingWay(deps: Deps, userId: string): Promise<MetadataCoverage> {
  return runStepsGivingWay(coverageSteps(deps, userId));
}

function* coverageSteps(deps: Deps, userId: string): Generator<void, MetadataCoverage> {
  type Part = Counts & { likes: number; last: string | null };
  const level = deps.db
    .select({ level: users.membershipLevel })
    .from(users)
    .where(eq(users.id, userId))
    .get()?.level;
  const limit = level ? consideredLikes(level) : null;
  const row: Counts = { songs: 0, settled: 0, features: 0, tempo: 0, genres: 0, nations: 0 };
  const add = (part: Part | null) => {
    for (const key of Object.keys(row) as (keyof Counts)[]) row[key] += part?.[key] ?? 0;
  };
  if (limit !== null) add(deps.db.$client.query<Part, [string, number]>(NEWEST_SQL).get(userId, limit));
  else {
    const piece = deps.db.$client.query<Part, [string, string]>(PIECE_SQL);
    let after = "";
    for (;;) {
      const part = piece.get(userId, after);
      add(part);
      if (!part?.last || part.likes < PIECE) break;
      after = part.last;
      yield;
    }
  }
  // the songs each group's facts are known for
  const known: Record<(typeof metadataGroups)[number], number> = {
    Mood: row.features,
    Tempo: row.tempo,
    Genre: row.genres,
    Subgenre: row.genres,
    Nationality: row.nations,
  };
  const groups: GroupCoverage[] = metadataGroups.map((group) => {
    const count = known[group];
    const fillable = metadataGroupFacts[group].some((fact) => factAvailable(deps, fact));
    const first = limit !== null && row.songs === limit;
    return {
      group,
      known: count,
      fillable,
      text: groupCoverageText(group, count, row.songs, fillable, first),
    };
  });
  const settled = row.settled;
  const looking = settled < row.songs || deps.metadataLookups.isLookingUp(userId);
  return { songs: row.songs, lookup: looking ? { done: settled, total: row.songs } : null, groups };
}
