// One journal step against Spotify and its effects on the database.
import type { Database } from "bun:sqlite";
import type { Deps } from "../deps.ts";
import { isUnknownOutcome } from "../spotify/errors.ts";
import type { LibraryPlaylist, SpotifyUserApi } from "../spotify/types.ts";
import type { ResumeCheck } from "./resume-check.ts";

export type JournalApi = Pick<
  SpotifyUserApi,
  | "createPlaylist"
  | "addItems"
  | "removeItems"
  | "getPlaylistItems"
  | "removePlaylistFromLibrary"
  | "playlistsInLibrary"
> & {
  /** the user's library (`GET /me/playlists`), when the client offers it: finds a creation a crash lost */
  myPlaylists?: () => Promise<LibraryPlaylist[]>;
};

export interface StepRow {
  id: number;
  playlist_id: string;
  op: "create" | "add" | "remove" | "replace" | "update" | "unfollow";
  track_ids: string | null;
  status: "pending" | "sent" | "done" | "failed";
  position: number | null;
  entry_type: "Standard" | "Analysis" | "Randomized" | null;
  progress_after: number | null;
}

export interface PlaylistState extends PlaylistIdentity {
  name: string;
  status: string;
  spotify_playlist_id: string | null;
  /** the listener's Spotify user id: a playlist Crate made is theirs */
  owner_spotify_id: string;
}

/** What names a managed playlist for good (its row id changes if a lost plan is made again). */
export interface PlaylistIdentity {
  user_id: string;
  source: string;
  preference_key: string;
  bucket: string;
  sequence: number;
}

/** The columns of PlaylistState, for `SELECT … FROM managed_playlists mp JOIN users u`. */
export const PLAYLIST_STATE_COLUMNS = `mp.user_id, mp.source, mp.preference_key, mp.bucket, mp.sequence, mp.name,
  mp.status, mp.spotify_playlist_id, u.spotify_id AS owner_spotify_id`;

const MAX_UNKNOWN_OUTCOME_RETRIES = 4;

export const PLAYLIST_DESCRIPTION = "Kept up to date with your liked songs by Crate.";

/**
 * The description of a playlist Crate creates: the sentence plus a mark derived from the playlist's identity,
 * so a creation whose answer was lost is recognised by it (and the listener's ownership), never by name.
 * Letters, digits and a dash only: Spotify escapes some punctuation in descriptions.
 */
export function creationDescription(identity: PlaylistIdentity): string {
  return `${PLAYLIST_DESCRIPTION} (${creationMark(identity)})`;
}

function creationMark(p: PlaylistIdentity): string {
  const key = [p.user_id, p.source, p.preference_key, p.bucket, p.sequence].join("\u0000");
  return `crate-${new Bun.CryptoHasher("sha256").update(key).digest("hex").slice(0, 16)}`;
}

export async function applyStep(
  deps: Pick<Deps, "db" | "clock">,
  api: JournalApi,
  step: StepRow,
  playlist: PlaylistState,
  /** runs inside the transaction that marks the step done */
  onDone: () => void,
  /** set when the run is resumed: every add and creation may have been sent already */
  resume: ResumeCheck | null = null,
): Promise<void> {
  const sqlite = deps.db.$client;
  const done = (result: string | null) => {
    markDone(sqlite, step, result, deps.clock.now());
    onDone();
  };
  const trackIds: string[] = step.track_ids ? JSON.parse(step.track_ids) : [];
  const spotifyId = playlist.spotify_playlist_id;
  const wasSent = step.status === "sent";
  if (step.op === "create") {
    if (spotifyId !== null) return sqlite.transaction(() => done(spotifyId))();
    const lost = wasSent || resume ? await findLostCreation(sqlite, api, playlist, resume) : null;
    if (lost) {
      sqlite.transaction(() => {
        sqlite
          .query("UPDATE managed_playlists SET spotify_playlist_id = ? WHERE id = ?")
          .run(lost, step.playlist_id);
        done(lost);
      })();
      return;
    }
    markSent(sqlite, step.id, deps.clock.now());
    const isPrivate =
      sqlite
        .query<{ p: number }, [string]>(
          "SELECT create_playlists_as_private AS p FROM user_settings WHERE user_id = ?",
        )
        .get(playlist.user_id)?.p === 1;
    let created: { id: string } | null = null;
    for (let attempt = 1; created === null; attempt++) {
      try {
        created = await api.createPlaylist({
          name: playlist.name,
          public: !isPrivate,
          description: creationDescription(playlist),
        });
      } catch (error) {
        if (!isUnknownOutcome(error) || attempt >= MAX_UNKNOWN_OUTCOME_RETRIES) throw error;
        // The creation may have happened: take that playlist rather than making a second one.
        const found = await findLostCreation(sqlite, api, playlist);
        if (found) created = { id: found };
      }
    }
    const createdId = created.id;
    // The listener may have deleted the playlist while Spotify made it: then it leaves nothing behind.
    const kept = sqlite.transaction(() => {
      const changed = sqlite
        .query("UPDATE managed_playlists SET spotify_playlist_id = ? WHERE id = ?")
        .run(createdId, step.playlist_id).changes;
      if (changed > 0) done(createdId);
      return changed > 0;
    })();
    if (!kept) {
      await api.removePlaylistFromLibrary(createdId);
      sqlite.transaction(() => done(`deleted meanwhile: ${createdId}`))();
    }
    return;
  }
  // Removals are safe to send twice, so they are not marked as sent first.
  if (step.op === "unfollow") {
    if (spotifyId !== null) await api.removePlaylistFromLibrary(spotifyId);
    sqlite.transaction(() => {
      sqlite.query("DELETE FROM managed_playlists WHERE id = ?").run(step.playlist_id);
      done(null);
    })();
    return;
  }
  if (spotifyId === null)
    throw new Error(`playlist ${step.playlist_id} has no Spotify playlist for ${step.op}`);
  if (step.op === "add") {
    let toSend = trackIds;
    let position = step.position ?? undefined;
    if (wasSent || resume) {
      // The outcome of the last attempt is unknown: add only what is not there yet.
      const items = resume ? await resume.present(spotifyId) : await api.getPlaylistItems(spotifyId);
      const present = new Set(items);
      toSend = trackIds.filter((id) => !present.has(id));
      if (position !== undefined) position = Math.min(position, items.length);
    }
    markSent(sqlite, step.id, deps.clock.now());
    let snapshot: string | null = null;
    for (let attempt = 1; toSend.length > 0; attempt++) {
      try {
        snapshot = await api.addItems(spotifyId, toSend, position);
        await resume?.added(spotifyId, toSend, position);
        break;
      } catch (error) {
        if (!isUnknownOutcome(error) || attempt >= MAX_UNKNOWN_OUTCOME_RETRIES) throw error;
        // The addition may have been applied: resend only what the playlist does not hold yet.
        const present = new Set(await api.getPlaylistItems(spotifyId));
        toSend = toSend.filter((id) => !present.has(id));
      }
    }
    sqlite.transaction(() => {
      recordAdded(sqlite, step.playlist_id, playlist.user_id, trackIds, deps.clock.now());
      done(snapshot);
    })();
    return;
  }
  if (step.op === "remove") {
    const snapshot = await api.removeItems(spotifyId, trackIds);
    await resume?.removed(spotifyId, trackIds);
    sqlite.transaction(() => {
      recordRemoved(sqlite, step.playlist_id, trackIds, deps.clock.now());
      done(snapshot);
    })();
    return;
  }
  throw new Error(`unknown journal op ${step.op}`);
}

/**
 * The answer to a creation a crash or a lost response hid: a playlist the listener owns whose description
 * carries this playlist's mark, and that Crate does not know yet. Never one found by name alone.
 */
async function findLostCreation(
  sqlite: Database,
  api: JournalApi,
  playlist: PlaylistState,
  resume: ResumeCheck | null = null,
): Promise<string | null> {
  const listed = resume ? await resume.playlists() : api.myPlaylists ? await api.myPlaylists() : null;
  if (!listed) return null;
  const known = new Set(
    sqlite
      .query<{ id: string }, [string]>(
        "SELECT spotify_playlist_id AS id FROM managed_playlists WHERE user_id = ? AND spotify_playlist_id IS NOT NULL",
      )
      .all(playlist.user_id)
      .map((r) => r.id),
  );
  const mark = creationMark(playlist);
  const found = listed.find(
    (p) =>
      p.ownerId === playlist.owner_spotify_id && (p.description ?? "").includes(mark) && !known.has(p.id),
  );
  return found?.id ?? null;
}

function markSent(sqlite: Database, stepId: number, now: number) {
  sqlite.query("UPDATE journal_steps SET status = 'sent', updated_at = ? WHERE id = ?").run(now, stepId);
}

/** A step Spotify refused for good: kept with the reason, never sent again. */
export function markStepFailed(sqlite: Database, step: StepRow, reason: string, now: number) {
  sqlite
    .query("UPDATE journal_steps SET status = 'failed', result = ?, updated_at = ? WHERE id = ?")
    .run(reason.slice(0, 500), now, step.id);
}

export function markDone(sqlite: Database, step: StepRow, result: string | null, now: number) {
  sqlite
    .query("UPDATE journal_steps SET status = 'done', result = ?, updated_at = ? WHERE id = ?")
    .run(result, now, step.id);
}

function recordAdded(
  sqlite: Database,
  playlistId: string,
  userId: string,
  trackIds: readonly string[],
  now: number,
) {
  const ids = JSON.stringify(trackIds);
  const inserted = sqlite
    .query(
      `INSERT INTO playlist_songs (playlist_id, track_id, added_at)
       SELECT ?, value, ? FROM json_each(?) WHERE true ON CONFLICT DO NOTHING`,
    )
    .run(playlistId, now, ids).changes;
  // Songs Crate took out before (a rolling playlist) and puts back now.
  const restored = sqlite
    .query(
      `UPDATE playlist_songs SET removed_at = NULL, added_at = ?
       WHERE playlist_id = ? AND removed_at IS NOT NULL AND track_id IN (SELECT value FROM json_each(?))`,
    )
    .run(now, playlistId, ids).changes;
  sqlite
    .query(
      `UPDATE managed_playlists SET track_count = track_count + ?, latest_track_added_at = ?,
         latest_settled_track_liked_at = max(coalesce(latest_settled_track_liked_at, 0), coalesce(
           (SELECT max(l.liked_at) FROM json_each(?) j CROSS JOIN likes l ON l.user_id = ? AND l.track_id = j.value), 0))
       WHERE id = ?`,
    )
    .run(inserted + restored, now, ids, userId, playlistId);
}

function recordRemoved(sqlite: Database, playlistId: string, trackIds: readonly string[], now: number) {
  const remove = sqlite.query(
    "UPDATE playlist_songs SET removed_at = ? WHERE playlist_id = ? AND track_id = ? AND removed_at IS NULL",
  );
  let removed = 0;
  for (const trackId of trackIds) removed += remove.run(now, playlistId, trackId).changes;
  sqlite
    .query("UPDATE managed_playlists SET track_count = max(0, track_count - ?) WHERE id = ?")
    .run(removed, playlistId);
}
