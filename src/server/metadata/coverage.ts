// How much of a user's library each metadata group can classify, and the lookup's progress, for the Playlists
// page and the analysis.
import {
  type GroupCoverage,
  groupCoverageText,
  type MetadataCoverage,
  metadataGroupFacts,
  metadataGroups,
} from "../../shared/metadata.ts";
import type { Deps } from "../deps/deps.ts";
import { factAvailable } from "./available.ts";

export function metadataCoverage(deps: Deps, userId: string): MetadataCoverage {
  const sqlite = deps.db.$client;
  const row = sqlite
    .query<
      { songs: number; settled: number; features: number; tempo: number; genres: number; nations: number },
      [string]
    >(
      `SELECT count(*) AS songs,
         sum(t.features_status != 'missing') AS settled,
         sum(t.features_source IS NOT NULL) AS features,
         sum(t.tempo IS NOT NULL) AS tempo,
         sum(EXISTS (SELECT 1 FROM json_each(t.artist_ids) j JOIN artists a ON a.id = j.value
           WHERE json_array_length(coalesce(a.genres, '[]')) > 0 OR json_array_length(coalesce(a.mb_tags, '[]')) > 0)) AS genres,
         sum(EXISTS (SELECT 1 FROM json_each(t.artist_ids) j JOIN artists a ON a.id = j.value
           WHERE a.country IS NOT NULL OR json_array_length(coalesce(a.genres, '[]')) > 0
             OR json_array_length(coalesce(a.mb_tags, '[]')) > 0)) AS nations
       FROM likes l JOIN tracks t ON t.id = l.track_id WHERE l.user_id = ? AND l.unliked_at IS NULL`,
    )
    .get(userId) ?? { songs: 0, settled: 0, features: 0, tempo: 0, genres: 0, nations: 0 };
  // the songs each group's facts are known for
  const known: Record<(typeof metadataGroups)[number], number> = {
    Mood: row.features ?? 0,
    Tempo: row.tempo ?? 0,
    Genre: row.genres ?? 0,
    Subgenre: row.genres ?? 0,
    Nationality: row.nations ?? 0,
  };
  const groups: GroupCoverage[] = metadataGroups.map((group) => {
    const count = known[group];
    const fillable = metadataGroupFacts[group].some((fact) => factAvailable(deps, fact));
    return { group, known: count, fillable, text: groupCoverageText(group, count, row.songs, fillable) };
  });
  const settled = row.settled ?? 0;
  const looking = settled < row.songs || deps.metadataLookups.isLookingUp(userId);
  return { songs: row.songs, lookup: looking ? { done: settled, total: row.songs } : null, groups };
}
