import { and, eq, isNotNull } from "drizzle-orm";
import { spotifyPlaylistName, stripPostfix } from "../../shared/catalogue/naming.ts";
import { managedPlaylists } from "../db/schema/index.ts";
import type { Deps } from "../deps/deps.ts";
import { markThoseOutOfLibrary, markVanished } from "../distribution/journal/vanished.ts";
import { isSpotifyNotFound, SpotifyAuthRevokedError } from "../spotify/errors.ts";
import type { PlaylistChanges, SpotifyUserApi } from "../spotify/types.ts";
import { readSettings } from "./store.ts";

export type PlaylistApi = Pick<SpotifyUserApi, "getPlaylist" | "updatePlaylist" | "playlistsInLibrary">;

export interface SettingsSyncResult {
  updated: number;
  renamed: number;
  /** renamed by the listener on Spotify: we change only the privacy, never their name */
  keptListenerName: number;
  /** gone on Spotify or out of the listener's library (deleted in the app): marked vanished, left unchanged */
  missing: number;
  /** why the run stopped early, if it did */
  stoppedBy?: string;
}

/**
 * Brings every active managed playlist of the user on Spotify in line with the settings:
 * `public` from CreatePlaylistsAsPrivate, the name with or without the postfix from RemovePlaylistPostfix.
 * A playlist whose Spotify name differs from the one Crate gave it was renamed by the listener and keeps that name.
 * One the listener deleted on Spotify is marked vanished and not changed: deleting a playlist in the Spotify app
 * only takes it out of their library, so the library is checked first (40 playlists a call).
 */
export async function syncPlaylistSettings(
  deps: Pick<Deps, "db" | "log" | "clock">,
  userId: string,
  api: PlaylistApi,
): Promise<SettingsSyncResult> {
  const settings = readSettings(deps.db, userId);
  const result: SettingsSyncResult = { updated: 0, renamed: 0, keptListenerName: 0, missing: 0 };
  const playlists = deps.db
    .select({
      id: managedPlaylists.id,
      spotifyId: managedPlaylists.spotifyPlaylistId,
      name: managedPlaylists.name,
    })
    .from(managedPlaylists)
    .where(
      and(
        eq(managedPlaylists.userId, userId),
        eq(managedPlaylists.status, "active"),
        isNotNull(managedPlaylists.spotifyPlaylistId),
      ),
    )
    .all();
  let outOfLibrary: Set<string>;
  try {
    outOfLibrary = await markThoseOutOfLibrary(
      deps,
      api,
      playlists.flatMap((p) => (p.spotifyId ? [{ id: p.id, spotifyId: p.spotifyId }] : [])),
    );
  } catch (error) {
    result.stoppedBy = error instanceof SpotifyAuthRevokedError ? "access revoked" : String(error);
    return result;
  }
  result.missing += outOfLibrary.size;
  for (const playlist of playlists) {
    const spotifyId = playlist.spotifyId;
    if (!spotifyId || outOfLibrary.has(playlist.id)) continue;
    const base = stripPostfix(playlist.name);
    const wantedName = spotifyPlaylistName(base, settings.removePlaylistPostfix);
    const namesCrateGives = [spotifyPlaylistName(base, false), spotifyPlaylistName(base, true)];
    const changes: PlaylistChanges = { public: !settings.createPlaylistsAsPrivate };
    try {
      if (wantedName !== playlist.name) {
        const current = await api.getPlaylist(spotifyId);
        if (!current) {
          markVanished(deps, playlist.id, "not found");
          result.missing++;
          continue;
        }
        if (namesCrateGives.includes(current.name)) {
          if (current.name !== wantedName) changes.name = wantedName;
        } else result.keptListenerName++;
      }
      await api.updatePlaylist(spotifyId, changes);
    } catch (error) {
      if (isSpotifyNotFound(error)) {
        markVanished(deps, playlist.id, "not found");
        result.missing++;
        continue;
      }
      // Revoked access or a provider outage: stop; the next change tries again.
      result.stoppedBy = error instanceof SpotifyAuthRevokedError ? "access revoked" : String(error);
      break;
    }
    result.updated++;
    if (changes.name !== undefined) result.renamed++;
    if (namesCrateGives.includes(playlist.name) && wantedName !== playlist.name) {
      // Remember the name Crate gives it now, so the next change recognises it as Crate's.
      deps.db
        .update(managedPlaylists)
        .set({ name: wantedName })
        .where(and(eq(managedPlaylists.id, playlist.id), eq(managedPlaylists.name, playlist.name)))
        .run();
    }
  }
  return result;
}

/**
 * Runs the sync in the background, in the user's queue of long work (after a running distribution, never
 * beside it). A sync already waiting in the queue reads the settings when it starts, so rapid flips add no
 * second one and end in the last state.
 */
export function scheduleSettingsSync(deps: Deps, userId: string): void {
  const queued = deps.queuedSettingsSyncs;
  if (queued.has(userId)) return;
  queued.add(userId);
  const waiting = queued;
  deps.work
    .forUser(
      userId,
      async () => {
        waiting.delete(userId);
        const result = await syncPlaylistSettings(deps, userId, deps.spotifyFor(userId));
        deps.log.info("playlist settings applied on Spotify", { userId, ...result });
      },
      { name: "playlist settings", key: "playlist-settings" },
    )
    .catch((error) => {
      // Not queued (a full queue, a shutdown): the next change of settings or the next start queues it again.
      waiting.delete(userId);
      deps.log.warn("playlist settings not applied", { userId, error: String(error) });
    });
}

/** Resolves once the user's queued work, settings syncs included, has finished (tests). */
export async function settingsSyncIdle(deps: Deps, userId: string): Promise<void> {
  await deps.work.idle(userId);
}
