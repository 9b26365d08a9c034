// The listener's own Spotify playlists as sources of rules (`inPlaylist`): which playlists they may name (owned or
// collaborative, not one Crate keeps), and their songs, read again only when Spotify's snapshot of them moved.
import { eq } from "drizzle-orm";
import { managedPlaylists, providerTokens, users } from "../db/schema/index.ts";
import type { Deps } from "../deps/deps.ts";
import { PLAYLIST_READ_COLLABORATIVE } from "../spotify/accounts.ts";
import type { SpotifyUserApi } from "../spotify/types.ts";
import {
  forgetSourcePlaylistsExcept,
  saveSourcePlaylist,
  sourcePlaylistsOf,
} from "./source-playlists-repository.ts";

/** The scope Spotify needs before it lists the collaborative playlists of a listener. */
const COLLABORATIVE_READ_SCOPE = PLAYLIST_READ_COLLABORATIVE;

export interface OwnPlaylist {
  id: string;
  name: string;
  collaborative: boolean;
}

/** Whether the listener's grant lets Crate list their collaborative playlists. */
export function readsCollaborative(deps: Pick<Deps, "db">, userId: string): boolean {
  const row = deps.db
    .select({ scope: providerTokens.scope })
    .from(providerTokens)
    .where(eq(providerTokens.userId, userId))
    .get();
  return (row?.scope ?? "").split(" ").includes(COLLABORATIVE_READ_SCOPE);
}

/** The playlists a rule of this listener may name: their own or collaborative ones, none Crate keeps for them. */
export async function ownPlaylists(
  deps: Pick<Deps, "db">,
  api: SpotifyUserApi,
  user: { userId: string; spotifyId: string },
): Promise<OwnPlaylist[]> {
  const kept = new Set(
    deps.db
      .select({ id: managedPlaylists.spotifyPlaylistId })
      .from(managedPlaylists)
      .where(eq(managedPlaylists.userId, user.userId))
      .all()
      .map((r) => r.id),
  );
  return (await api.myPlaylists())
    .filter((p) => (p.ownerId === user.spotifyId || p.collaborative === true) && !kept.has(p.id))
    .map((p) => ({ id: p.id, name: p.name, collaborative: p.collaborative === true }));
}

/**
 * Reads the songs of the source playlists the listener's rules name: one call for each playlist checked (its
 * snapshot), and its items only when the snapshot moved since the last read. A playlist read less than `maxAgeMs`
 * ago is not checked; those no rule names any more are forgotten.
 */
export async function readSourcePlaylists(
  deps: Pick<Deps, "db" | "clock">,
  api: SpotifyUserApi,
  userId: string,
  named: readonly string[],
  maxAgeMs = 0,
): Promise<void> {
  forgetSourcePlaylistsExcept(deps.db, userId, named);
  await checkSourcePlaylists(deps, api, userId, named, maxAgeMs);
}

/**
 * The same for some playlists without forgetting the others (a rule being written names one no stored rule does
 * yet: the next update forgets it if it is not saved).
 * `admit` is asked before each playlist's call; one it refuses stays as Crate last read it.
 */
export async function checkSourcePlaylists(
  deps: Pick<Deps, "db" | "clock">,
  api: SpotifyUserApi,
  userId: string,
  named: readonly string[],
  maxAgeMs = 0,
  admit: () => boolean = () => true,
): Promise<void> {
  const known = new Map(sourcePlaylistsOf(deps.db, userId).map((p) => [p.playlistId, p]));
  const now = deps.clock.now();
  const listener = deps.db
    .select({ spotifyId: users.spotifyId })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  for (const playlistId of new Set(named)) {
    const stored = known.get(playlistId);
    if (stored && now - stored.checkedAt < maxAgeMs) continue;
    if (!admit()) continue;
    const playlist = await api.getPlaylist(playlistId);
    const theirs =
      playlist && (playlist.owner?.id === listener?.spotifyId || playlist.collaborative === true);
    if (!playlist || !theirs) {
      // gone from Spotify, or no longer the listener's (a choices document may name any id): it holds no song
      saveSourcePlaylist(
        deps.db,
        userId,
        { playlistId, name: stored?.name ?? playlistId, snapshotId: null, trackIds: [] },
        now,
      );
      continue;
    }
    const moved = stored?.snapshotId !== playlist.snapshot_id;
    const trackIds = moved ? await api.getPlaylistItems(playlistId) : undefined;
    saveSourcePlaylist(
      deps.db,
      userId,
      { playlistId, name: playlist.name, snapshotId: playlist.snapshot_id, trackIds },
      now,
    );
  }
}
