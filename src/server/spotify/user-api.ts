import { chunk } from "../../shared/chunk.ts";
import { limits } from "../../shared/limits.ts";
import type { Paging } from "../../shared/spotify-paging.ts";
import { type ApiCall, callApi, expectShape, type SharedClientState } from "./call.ts";
import type {
  AccessTokenSource,
  Artist,
  AudioFeatures,
  FirstLikesPage,
  IsKnownLike,
  LibraryPage,
  LibraryPlaylist,
  Playlist,
  PlaylistChanges,
  PlaylistItem,
  PrivateUser,
  SavedTrack,
  SpotifyUserApi,
} from "./types.ts";
import type { SpotifyWork } from "./work.ts";

const LIKES_PAGE = limits.likesPageSize; // 50, the maximum of GET /me/tracks
const ITEMS_PAGE = 50; // the maximum `limit` of GET /playlists/{id}/items
const ARTISTS_BATCH = limits.artistsBatch; // 50
const FEATURES_BATCH = limits.audioFeaturesBatch; // 100
const WRITE_BATCH = limits.spotifyWriteBatch; // 100
const LIBRARY_BATCH = 40; // the maximum of uris for /me/library calls
const LIBRARY_PAGE = 50; // the maximum `limit` of GET /me/playlists

export const trackUri = (id: string) => `spotify:track:${id}`;

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const isPaging = (v: unknown) => isObject(v) && Array.isArray(v.items);
const hasArray = (key: string) => (v: unknown) => isObject(v) && Array.isArray(v[key]);
const hasId = (v: unknown) => isObject(v) && typeof v.id === "string";
const enc = encodeURIComponent;

/** The Web API for one user, on top of the shared transport. */
export function createUserApi(
  shared: SharedClientState,
  tokens: AccessTokenSource,
  work: SpotifyWork,
): SpotifyUserApi {
  const call = (c: ApiCall) => callApi(shared, tokens, work, c);

  async function* likedTracks(
    options: { isKnown?: IsKnownLike; firstPage?: FirstLikesPage } = {},
  ): AsyncGenerator<SavedTrack[]> {
    const seen = new Set<string>();
    let offset = 0;
    for (;;) {
      const res = await call({
        method: "GET",
        template: "/me/tracks",
        path: `/me/tracks?limit=${LIKES_PAGE}&offset=${offset}`,
      });
      const page = expectShape<Paging<SavedTrack | null>>(res, "GET /me/tracks", isPaging);
      if (offset === 0 && options.firstPage) {
        const listed = page.items.flatMap((saved) =>
          saved?.track?.id && !saved.track.is_local
            ? [{ trackId: saved.track.id, addedAt: saved.added_at }]
            : [],
        );
        options.firstPage(
          listed,
          !page.next && (typeof page.total !== "number" || page.total <= page.items.length),
          typeof page.total === "number" ? page.total : null,
        );
      }
      const fresh: SavedTrack[] = [];
      let reachedKnown = false;
      for (const saved of page.items) {
        const id = saved?.track?.id;
        if (!saved || !id || saved.track.is_local) continue;
        if (options.isKnown?.(id, saved.added_at)) {
          reachedKnown = true;
          break;
        }
        // A like arriving mid-walk shifts offsets by one; never yield a song twice.
        if (seen.has(id)) continue;
        seen.add(id);
        fresh.push(saved);
      }
      if (fresh.length > 0) yield fresh;
      offset += page.items.length;
      const total = typeof page.total === "number" ? page.total : Number.POSITIVE_INFINITY;
      if (reachedKnown || page.items.length === 0 || !page.next || offset >= total) return;
    }
  }

  async function getArtists(ids: readonly string[]): Promise<Artist[]> {
    const found: Artist[] = [];
    for (const batch of chunk(unique(ids), ARTISTS_BATCH)) {
      if (!shared.artistsBatchForbidden) {
        const res = await call({
          method: "GET",
          template: "/artists",
          path: `/artists?ids=${batch.map(enc).join(",")}`,
          allow: [403],
        });
        if (res.status !== 403) {
          const body = expectShape<{ artists: (Artist | null)[] }>(res, "GET /artists", hasArray("artists"));
          for (const artist of body.artists) if (artist && typeof artist.id === "string") found.push(artist);
          continue;
        }
        shared.artistsBatchForbidden = true;
        shared.onArtistsBatchForbidden?.();
      }
      const singles = await Promise.all(
        batch.map(async (id) => {
          const res = await call({
            method: "GET",
            template: "/artists/{id}",
            path: `/artists/${enc(id)}`,
            allow: [400, 404],
          });
          return res.status === 200 ? expectShape<Artist>(res, "GET /artists/{id}", hasId) : null;
        }),
      );
      for (const artist of singles) if (artist) found.push(artist);
    }
    return found;
  }

  async function getAudioFeatures(ids: readonly string[]): Promise<AudioFeatures[] | "unavailable"> {
    const found: AudioFeatures[] = [];
    for (const batch of chunk(unique(ids), FEATURES_BATCH)) {
      const res = await call({
        method: "GET",
        template: "/audio-features",
        path: `/audio-features?ids=${batch.map(enc).join(",")}`,
        allow: [403],
      });
      if (res.status === 403) return "unavailable";
      const body = expectShape<{ audio_features: (AudioFeatures | null)[] }>(
        res,
        "GET /audio-features",
        hasArray("audio_features"),
      );
      for (const f of body.audio_features) if (f && typeof f.id === "string") found.push(f);
    }
    return found;
  }

  async function writeItems(
    method: "POST" | "DELETE",
    playlistId: string,
    trackIds: readonly string[],
    position?: number,
  ): Promise<string | null> {
    let snapshot: string | null = null;
    const ids = method === "DELETE" ? unique(trackIds) : [...trackIds];
    for (const [i, batch] of chunk(ids, WRITE_BATCH).entries()) {
      const uris = batch.map(trackUri);
      const body =
        method === "POST"
          ? { uris, ...(position === undefined ? {} : { position: position + i * WRITE_BATCH }) }
          : { items: uris.map((uri) => ({ uri })) };
      const res = await call({
        method,
        template: "/playlists/{playlist_id}/items",
        path: `/playlists/${enc(playlistId)}/items`,
        body,
        // An addition sent twice adds the songs twice; a removal sent twice is harmless.
        retryUnknownOutcome: method === "DELETE",
      });
      const id = isObject(res.json) ? res.json.snapshot_id : undefined;
      if (typeof id === "string") snapshot = id;
    }
    return snapshot;
  }

  async function playlistEntries(playlistId: string): Promise<(string | null)[]> {
    const entries: (string | null)[] = [];
    let offset = 0;
    for (;;) {
      const res = await call({
        method: "GET",
        template: "/playlists/{playlist_id}/items",
        path: `/playlists/${enc(playlistId)}/items?limit=${ITEMS_PAGE}&offset=${offset}`,
      });
      const page = expectShape<Paging<PlaylistItem | null>>(
        res,
        "GET /playlists/{playlist_id}/items",
        isPaging,
      );
      for (const entry of page.items) {
        const item = entry?.item ?? entry?.track;
        // A local file, an episode or an unavailable track still takes its place in the playlist.
        const usable = entry && !entry.is_local && item && item.type !== "episode" && item.id;
        entries.push(usable ? item.id : null);
      }
      offset += page.items.length;
      const total = typeof page.total === "number" ? page.total : Number.POSITIVE_INFINITY;
      if (page.items.length === 0 || !page.next || offset >= total) return entries;
    }
  }

  async function myPlaylistsPage(offset: number): Promise<LibraryPage> {
    const res = await call({
      method: "GET",
      template: "/me/playlists",
      path: `/me/playlists?limit=${LIBRARY_PAGE}&offset=${offset}`,
    });
    const page = expectShape<Paging<Playlist | null>>(res, "GET /me/playlists", isPaging);
    const playlists: LibraryPlaylist[] = [];
    for (const p of page.items) {
      if (p && typeof p.id === "string")
        playlists.push({
          id: p.id,
          name: p.name,
          ownerId: p.owner?.id ?? null,
          description: typeof p.description === "string" ? p.description : null,
          snapshotId: typeof p.snapshot_id === "string" && p.snapshot_id !== "" ? p.snapshot_id : null,
          collaborative: p.collaborative === true,
        });
    }
    const next = offset + page.items.length;
    const total = typeof page.total === "number" ? page.total : null;
    const more = page.items.length > 0 && Boolean(page.next) && (total === null || next < total);
    return { playlists, total, next: more ? next : null };
  }

  return {
    async me() {
      const res = await call({ method: "GET", template: "/me", path: "/me" });
      return expectShape<PrivateUser>(res, "GET /me", hasId);
    },
    likedTracks,
    getArtists,
    getAudioFeatures,
    async createPlaylist(playlist) {
      const res = await call({
        method: "POST",
        template: "/me/playlists",
        path: "/me/playlists",
        body: {
          name: playlist.name,
          public: playlist.public,
          ...(playlist.description === undefined ? {} : { description: playlist.description }),
        },
        // Sent twice it would make two playlists: the caller looks for a lost creation instead.
        retryUnknownOutcome: false,
      });
      return expectShape<Playlist>(res, "POST /me/playlists", hasId);
    },
    addItems: (playlistId, trackIds, position) => writeItems("POST", playlistId, trackIds, position),
    removeItems: (playlistId, trackIds) => writeItems("DELETE", playlistId, trackIds),
    playlistEntries,
    async getPlaylistItems(playlistId) {
      return (await playlistEntries(playlistId)).filter((id): id is string => id !== null);
    },
    async playlistSnapshot(playlistId) {
      const res = await call({
        method: "GET",
        template: "/playlists/{playlist_id}",
        path: `/playlists/${enc(playlistId)}?fields=snapshot_id`,
      });
      const body = expectShape<{ snapshot_id: string }>(
        res,
        "GET /playlists/{playlist_id}",
        (v) => isObject(v) && typeof v.snapshot_id === "string" && v.snapshot_id !== "",
      );
      return body.snapshot_id;
    },
    async getPlaylist(playlistId) {
      const res = await call({
        method: "GET",
        template: "/playlists/{playlist_id}",
        path: `/playlists/${enc(playlistId)}`,
        allow: [404],
      });
      if (res.status === 404) return null;
      return expectShape<Playlist>(res, "GET /playlists/{playlist_id}", hasId);
    },
    async updatePlaylist(playlistId, changes: PlaylistChanges) {
      const body = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      if (Object.keys(body).length === 0) return;
      await call({
        method: "PUT",
        template: "/playlists/{playlist_id}",
        path: `/playlists/${enc(playlistId)}`,
        body,
      });
    },
    async removePlaylistFromLibrary(playlistId) {
      // A playlist that no longer exists is already gone from the library.
      await call({
        method: "DELETE",
        template: "/me/library",
        path: `/me/library?${new URLSearchParams({ uris: `spotify:playlist:${playlistId}` })}`,
        allow: [404],
      });
    },
    async playlistsInLibrary(playlistIds) {
      const answers: boolean[] = [];
      for (const batch of chunk(playlistIds, LIBRARY_BATCH)) {
        const uris = batch.map((id) => `spotify:playlist:${id}`).join(",");
        const res = await call({
          method: "GET",
          template: "/me/library/contains",
          path: `/me/library/contains?${new URLSearchParams({ uris })}`,
        });
        const flags = expectShape<unknown[]>(
          res,
          "GET /me/library/contains",
          (v) => Array.isArray(v) && v.length === batch.length,
        );
        answers.push(...flags.map((flag) => flag === true));
      }
      return answers;
    },
    myPlaylistsPage,
    async myPlaylists() {
      const found: LibraryPlaylist[] = [];
      for (let offset: number | null = 0; offset !== null; ) {
        const page = await myPlaylistsPage(offset);
        found.push(...page.playlists);
        offset = page.next;
      }
      return found;
    },
    callCounts: () => shared.http.callCounts(),
  };
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids.filter((id) => typeof id === "string" && id !== ""))];
}
