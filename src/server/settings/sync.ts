import { and, eq, isNotNull } from "drizzle-orm";
import { spotifyPlaylistName, stripPostfix } from "../../shared/catalogue/naming.ts";
import { managedPlaylists } from "../db/schema/index.ts";
import type { Deps } from "../deps.ts";
import { SpotifyAuthRevokedError, SpotifyError } from "../spotify/errors.ts";
import type { PlaylistChanges, SpotifyUserApi } from "../spotify/types.ts";
import { readSettings } from "./service.ts";

export type PlaylistApi = Pick<SpotifyUserApi, "getPlaylist" | "updatePlaylist">;
export type OpenPlaylistApi = (userId: string) => Promise<PlaylistApi>;

export interface SettingsSyncResult {
  updated: number;
  renamed: number;
  /** renamed by the listener on Spotify: we change only the privacy, never their name */
  keptListenerName: number;
  /** gone on Spotify; left for the distribution engine to mark */
  missing: number;
  /** why the run stopped early, if it did */
  stoppedBy?: string;
}

/**
 * Brings every active managed playlist of the user on Spotify in line with the settings:
 * `public` from CreatePlaylistsAsPrivate, the name with or without the postfix from RemovePlaylistPostfix.
 * A playlist whose Spotify name differs from the one Crate gave it was renamed by the listener and keeps that name.
 */
export async function syncPlaylistSettings(
  deps: Pick<Deps, "db">,
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
  for (const playlist of playlists) {
    const spotifyId = playlist.spotifyId;
    if (!spotifyId) continue;
    const base = stripPostfix(playlist.name);
    const wantedName = spotifyPlaylistName(base, settings.removePlaylistPostfix);
    const namesCrateGives = [spotifyPlaylistName(base, false), spotifyPlaylistName(base, true)];
    const changes: PlaylistChanges = { public: !settings.createPlaylistsAsPrivate };
    try {
      if (wantedName !== playlist.name) {
        const current = await api.getPlaylist(spotifyId);
        if (!current) {
          result.missing++;
          continue;
        }
        if (namesCrateGives.includes(current.name)) {
          if (current.name !== wantedName) changes.name = wantedName;
        } else result.keptListenerName++;
      }
      await api.updatePlaylist(spotifyId, changes);
    } catch (error) {
      if (error instanceof SpotifyError && error.status === 404) {
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

interface UserSync {
  done: Promise<void>;
  again: boolean;
}
const runningSyncs = new WeakMap<object, Map<string, UserSync>>();

function syncsOf(deps: Deps): Map<string, UserSync> {
  let map = runningSyncs.get(deps.db);
  if (!map) {
    map = new Map();
    runningSyncs.set(deps.db, map);
  }
  return map;
}

/**
 * Runs the sync in the background, one at a time per user. A change while one runs makes it run once more
 * afterwards with the then-current settings, so rapid flips end in the last state without overlapping writes.
 */
export function scheduleSettingsSync(deps: Deps, userId: string, open: OpenPlaylistApi): void {
  const syncs = syncsOf(deps);
  const running = syncs.get(userId);
  if (running) {
    running.again = true;
    return;
  }
  const state: UserSync = { done: Promise.resolve(), again: false };
  state.done = (async () => {
    try {
      do {
        state.again = false;
        const result = await syncPlaylistSettings(deps, userId, await open(userId));
        deps.log.info("playlist settings applied on Spotify", { userId, ...result });
      } while (state.again);
    } catch (error) {
      deps.log.warn("playlist settings could not be applied on Spotify", { userId, error: String(error) });
    } finally {
      syncs.delete(userId);
    }
  })();
  syncs.set(userId, state);
}

/** Resolves when no settings sync of the user is running (tests and shutdown). */
export async function settingsSyncIdle(deps: Deps, userId: string): Promise<void> {
  for (let sync = syncsOf(deps).get(userId); sync; sync = syncsOf(deps).get(userId)) await sync.done;
}
