// Combination playlists as one more source of regular playlists for the distribution planner: their
// membership test is the combination's criteria, evaluated on the songs' catalogue categories.
import { combinationMatcher } from "../../shared/combinations/rules.ts";
import { hasCombinationAccess, type MembershipLevel } from "../../shared/membership.ts";
import type { Db } from "../db/client.ts";
import { parseStoredCriteria } from "./combination-store.ts";
import {
  type ExistingPlaylist,
  type PlanContext,
  type PlannedSong,
  type PlaylistStatus,
  type PlaylistWork,
  planMatching,
} from "./plan.ts";

export interface CombinationPlan {
  works: PlaylistWork[];
  /** the combination each of `works` belongs to (its managed playlists' preference key) */
  combinationIdOf: Map<PlaylistWork, string>;
}

interface PlaylistRow {
  id: string;
  combination_id: string;
  bucket: string;
  sequence: number;
  status: PlaylistStatus | "failed";
  spotify_playlist_id: string | null;
  track_count: number;
  sample_period: string | null;
  active: number | null;
}

/**
 * Brings the statuses of the user's combination playlists in line (frozen while the level has no access to
 * combinations; deselected once their combination is being deleted; active otherwise; vanished stays) and
 * plans the songs each active combination's playlists get now. Runs inside the planner's transaction.
 */
export function planCombinations(
  db: Db,
  userId: string,
  level: MembershipLevel,
  songs: readonly PlannedSong[],
  ctx: PlanContext,
  /** AddRecordingOnce: each playlist's recordings */
  held?: ReadonlyMap<string, ReadonlySet<string>>,
): CombinationPlan {
  const sqlite = db.$client;
  const access = hasCombinationAccess(level);
  const rows = sqlite
    .query<PlaylistRow, [string]>(
      `SELECT mp.id, mp.preference_key AS combination_id, mp.bucket, mp.sequence, mp.status,
         mp.spotify_playlist_id, mp.track_count, mp.sample_period, c.active
       FROM managed_playlists mp LEFT JOIN combinations c ON c.id = mp.preference_key AND c.user_id = mp.user_id
       WHERE mp.user_id = ? AND mp.source = 'combination'`,
    )
    .all(userId);
  const setStatus = sqlite.query("UPDATE managed_playlists SET status = ? WHERE id = ?");
  for (const row of rows) {
    if (row.status === "vanished" || row.status === "failed") continue;
    const status: PlaylistStatus = row.active !== 1 ? "deselected" : access ? "active" : "frozen";
    if (status !== row.status) {
      setStatus.run(status, row.id);
      row.status = status;
    }
  }

  const plan: CombinationPlan = { works: [], combinationIdOf: new Map() };
  if (!access) return plan;
  const combinations = sqlite
    .query<{ id: string; playlist_name: string; criteria: string }, [string]>(
      "SELECT id, playlist_name, criteria FROM combinations WHERE user_id = ? AND active = 1 ORDER BY created_at, rowid",
    )
    .all(userId);
  if (combinations.length === 0) return plan;
  const everAdded = loadEverAdded(db, userId);
  for (const combination of combinations) {
    const matches = combinationMatcher(parseStoredCriteria(combination.criteria));
    const playlists: ExistingPlaylist[] = rows
      .filter((row) => row.combination_id === combination.id)
      .map((row) => ({
        id: row.id,
        bucket: row.bucket,
        sequence: row.sequence,
        // a failed playlist is left alone like a vanished one
        status: row.status === "failed" ? "vanished" : row.status,
        hasSpotifyPlaylist: row.spotify_playlist_id !== null,
        songCount: row.track_count,
        samplePeriod: row.sample_period,
        currentSongs: [],
        recordings: held?.get(row.id),
      }));
    const works = planMatching(
      {
        name: combination.playlist_name,
        playlists,
        everAdded: everAdded.get(combination.id) ?? new Set(),
      },
      songs.filter((song) => matches(song.categories)),
      ctx,
    );
    for (const work of works) {
      plan.works.push(work);
      plan.combinationIdOf.set(work, combination.id);
    }
  }
  return plan;
}

/** Every song Crate ever added to a combination's playlists, per combination (one query). */
function loadEverAdded(db: Db, userId: string): Map<string, Set<string>> {
  const byCombination = new Map<string, Set<string>>();
  const rows = db.$client
    .query<{ combination_id: string; track_id: string }, [string]>(
      `SELECT mp.preference_key AS combination_id, ps.track_id FROM playlist_songs ps
       JOIN managed_playlists mp ON mp.id = ps.playlist_id
       WHERE mp.user_id = ? AND mp.source = 'combination'`,
    )
    .all(userId);
  for (const row of rows) {
    let set = byCombination.get(row.combination_id);
    if (!set) {
      set = new Set();
      byCombination.set(row.combination_id, set);
    }
    set.add(row.track_id);
  }
  return byCombination;
}
