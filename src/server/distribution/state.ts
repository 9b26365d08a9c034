// What planning reads from the database: the user's selection, managed playlists and what Crate put in them.
import { type CatalogueEntry, entryByName } from "../../shared/catalogue/index.ts";
import type { MembershipLevel } from "../../shared/membership.ts";
import type { Db } from "../db/client.ts";
import { isRollingKind, kindOfEntry } from "./kinds.ts";
import type { ExistingPlaylist, PlaylistStatus, PreferenceInput } from "./plan.ts";
import { isLeftAlone } from "./vanished.ts";

export interface UserFacts {
  membershipLevel: MembershipLevel;
  createPlaylistsAsPrivate: boolean;
  removePlaylistPostfix: boolean;
  addRecordingOnce: boolean;
}

export function loadUserFacts(db: Db, userId: string): UserFacts | null {
  const row = db.$client
    .query<
      {
        membership_level: MembershipLevel;
        private: number | null;
        postfix: number | null;
        once: number | null;
      },
      [string]
    >(
      `SELECT u.membership_level, s.create_playlists_as_private AS private, s.remove_playlist_postfix AS postfix,
         s.add_recording_once AS once
       FROM users u LEFT JOIN user_settings s ON s.user_id = u.id WHERE u.id = ?`,
    )
    .get(userId);
  if (!row) return null;
  return {
    membershipLevel: row.membership_level,
    createPlaylistsAsPrivate: row.private === 1,
    removePlaylistPostfix: row.postfix === 1,
    addRecordingOnce: row.once === 1,
  };
}

export interface SelectedPreference {
  name: string;
  selectedAt: number;
  entry: CatalogueEntry;
}

/** The user's predefined selection (entries no longer in the catalogue are left out). */
export function loadSelection(db: Db, userId: string): SelectedPreference[] {
  const rows = db.$client
    .query<{ name: string; selected_at: number }, [string]>(
      "SELECT name, selected_at FROM simple_preferences WHERE user_id = ? ORDER BY selected_at, name",
    )
    .all(userId);
  const selection: SelectedPreference[] = [];
  for (const row of rows) {
    const entry = entryByName(row.name);
    if (entry && entry.name === row.name)
      selection.push({ name: row.name, selectedAt: row.selected_at, entry });
  }
  return selection;
}

export interface PlaylistRow {
  id: string;
  preferenceKey: string;
  bucket: string;
  sequence: number;
  status: PlaylistStatus | "failed";
  spotifyPlaylistId: string | null;
  trackCount: number;
  samplePeriod: string | null;
  name: string;
}

export function loadPredefinedPlaylists(db: Db, userId: string): PlaylistRow[] {
  return db.$client
    .query<
      {
        id: string;
        preference_key: string;
        bucket: string;
        sequence: number;
        status: PlaylistStatus | "failed";
        spotify_playlist_id: string | null;
        track_count: number;
        sample_period: string | null;
        name: string;
      },
      [string]
    >(
      `SELECT id, preference_key, bucket, sequence, status, spotify_playlist_id, track_count, sample_period, name
       FROM managed_playlists WHERE user_id = ? AND source = 'predefined'`,
    )
    .all(userId)
    .map((r) => ({
      id: r.id,
      preferenceKey: r.preference_key,
      bucket: r.bucket,
      sequence: r.sequence,
      status: r.status,
      spotifyPlaylistId: r.spotify_playlist_id,
      trackCount: r.track_count,
      samplePeriod: r.sample_period,
      name: r.name,
    }));
}

/** Every song Crate ever added to the playlists of each additive preference (rolling kinds need none). */
function loadEverAdded(
  db: Db,
  names: ReadonlySet<string>,
  playlists: readonly PlaylistRow[],
): Map<string, Set<string>> {
  const byPreference = new Map<string, Set<string>>();
  for (const name of names) byPreference.set(name, new Set());
  const songsOf = db.$client.query<{ track_id: string }, [string]>(
    "SELECT track_id FROM playlist_songs WHERE playlist_id = ?",
  );
  for (const playlist of playlists) {
    const added = byPreference.get(playlist.preferenceKey);
    if (!added) continue;
    for (const [trackId] of songsOf.values(playlist.id)) added.add(String(trackId));
  }
  return byPreference;
}

/** The songs Crate holds in a rolling playlist now, newest like first. */
function loadCurrentSongs(db: Db, userId: string, playlistId: string): string[] {
  return db.$client
    .query<{ track_id: string }, [string, string]>(
      `SELECT ps.track_id FROM playlist_songs ps LEFT JOIN likes l ON l.user_id = ? AND l.track_id = ps.track_id
       WHERE ps.playlist_id = ? AND ps.removed_at IS NULL ORDER BY l.liked_at DESC, l.seq DESC`,
    )
    .all(userId, playlistId)
    .map((r) => r.track_id);
}

/** AddRecordingOnce: the recordings (ISRCs) of the songs Crate holds in each of the user's playlists now. */
export function loadHeldRecordings(db: Db, userId: string): Map<string, Set<string>> {
  const held = new Map<string, Set<string>>();
  const rows = db.$client
    .query<{ playlist_id: string; isrc: string }, [string]>(
      `SELECT ps.playlist_id, t.isrc FROM managed_playlists mp
       JOIN playlist_songs ps ON ps.playlist_id = mp.id AND ps.removed_at IS NULL
       JOIN tracks t ON t.id = ps.track_id
       WHERE mp.user_id = ? AND t.isrc IS NOT NULL`,
    )
    .all(userId);
  for (const row of rows) {
    let set = held.get(row.playlist_id);
    if (!set) {
      set = new Set();
      held.set(row.playlist_id, set);
    }
    set.add(row.isrc);
  }
  return held;
}

/**
 * Planning inputs for the preferences that are updated now; `held` (AddRecordingOnce only) gives each
 * playlist's recordings.
 */
export function loadPreferenceInputs(
  db: Db,
  userId: string,
  active: readonly SelectedPreference[],
  playlists: readonly PlaylistRow[],
  held?: ReadonlyMap<string, ReadonlySet<string>>,
): PreferenceInput[] {
  const additive = active.filter((p) => !isRollingKind(kindOfEntry(p.entry))).map((p) => p.name);
  const everAdded = loadEverAdded(db, new Set(additive), playlists);
  return active.map((pref) => {
    const kind = kindOfEntry(pref.entry);
    const rolling = isRollingKind(kind);
    const own: ExistingPlaylist[] = playlists
      .filter((p) => p.preferenceKey === pref.name)
      .map((p) => ({
        id: p.id,
        bucket: p.bucket,
        sequence: p.sequence,
        // Frozen or deselected rows of an updated preference are active again; a vanished or failed one is
        // left alone (planned as vanished).
        status: isLeftAlone(p.status) ? "vanished" : "active",
        hasSpotifyPlaylist: p.spotifyPlaylistId !== null,
        songCount: p.trackCount,
        samplePeriod: p.samplePeriod,
        currentSongs: rolling ? loadCurrentSongs(db, userId, p.id) : [],
        recordings: held?.get(p.id),
      }));
    return {
      name: pref.name,
      kind,
      selectedAt: pref.selectedAt,
      playlists: own,
      everAdded: everAdded.get(pref.name) ?? new Set(),
    };
  });
}
