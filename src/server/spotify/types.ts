import type { ClassifiedFeatureName } from "../../shared/audio-features.ts";
import type { SpotifyCallKind } from "../../shared/spotify-access.ts";
import type { PacerState } from "../platform/pacer.ts";
import type { SpotifyAccounts } from "./accounts.ts";
import type { CallBudgetState } from "./call-budget.ts";
import type { CallCounts } from "./http.ts";
import type { QuotaState } from "./quota-gate.ts";
import type { SpotifyWork } from "./work.ts";

// Spotify Web API objects as Crate reads them (snake_case, as on the wire), and the per-user API surface.
// Only fields Crate uses are declared; the API sends more. Shapes follow Spotify's public reference.

export interface ImageObject {
  url: string;
  height: number | null;
  width: number | null;
}

export interface PrivateUser {
  id: string;
  /** immutable, for account linking (Spotify sends it since May 2026); `id` may change */
  account_id?: string;
  display_name?: string | null;
  country?: string;
  product?: string;
  uri?: string;
  images?: ImageObject[];
}

export interface SimplifiedArtist {
  id: string;
  name: string;
  uri?: string;
  type?: "artist";
}

/** Full artist; `genres` is the only source of genre facts (may be absent or empty). */
export interface Artist extends SimplifiedArtist {
  genres?: string[];
  popularity?: number;
  images?: ImageObject[];
}

export type ReleaseDatePrecision = "year" | "month" | "day";

export interface SimplifiedAlbum {
  id: string;
  name: string;
  album_type?: "album" | "single" | "compilation";
  /** `YYYY`, `YYYY-MM` or `YYYY-MM-DD` per `release_date_precision`. */
  release_date: string;
  release_date_precision: ReleaseDatePrecision;
  artists: SimplifiedArtist[];
  images?: ImageObject[];
  uri?: string;
}

export interface Track {
  /** null for local files */
  id: string | null;
  name: string;
  uri: string;
  type?: "track";
  duration_ms: number;
  explicit?: boolean;
  popularity?: number;
  is_local?: boolean;
  album: SimplifiedAlbum;
  artists: SimplifiedArtist[];
  /** `isrc` names the recording (the same recording on another release is another track with the same ISRC);
   * the open metadata sources (MusicBrainz, Deezer) look songs up by it */
  external_ids?: { isrc?: string; ean?: string; upc?: string };
}

/** One like: `GET /me/tracks` item. */
export interface SavedTrack {
  /** ISO 8601 UTC, e.g. 2024-05-01T12:00:00Z */
  added_at: string;
  track: Track;
}

/** `GET /audio-features` item: the features Crate classifies by (`shared/audio-features.ts`), then the others. */
export interface AudioFeatures extends Record<ClassifiedFeatureName, number> {
  id: string;
  liveness: number;
  loudness: number;
  key?: number;
  mode?: number;
  time_signature?: number;
  duration_ms?: number;
}

export interface PlaylistOwner {
  id: string;
  display_name?: string | null;
}

/** An entry of a playlist (`/playlists/{id}/items`): the object is in `item` (older answers: `track`). */
export interface PlaylistItem {
  added_at: string | null;
  is_local?: boolean;
  item?: Track | { type: "episode"; id: string; uri: string } | null;
  /** deprecated name of `item`, still sent by some answers */
  track?: Track | { type: "episode"; id: string; uri: string } | null;
}

/** A playlist as returned by `GET /playlists/{id}` or `POST /me/playlists`. */
export interface Playlist {
  id: string;
  name: string;
  description: string | null;
  public: boolean | null;
  collaborative?: boolean;
  snapshot_id: string;
  uri: string;
  owner: PlaylistOwner;
  /** current answers: paging of items (or, in lists, `{href, total}`) */
  items?: { href?: string; total: number; items?: PlaylistItem[] };
  /** deprecated name of `items` */
  tracks?: { href?: string; total: number; items?: PlaylistItem[] };
}

/** A playlist as `GET /me/playlists` lists it, reduced to what Crate reads. */
export interface LibraryPlaylist {
  id: string;
  name: string;
  ownerId: string | null;
  description: string | null;
  /** its version, when the listing gave one */
  snapshotId?: string | null;
  /** a playlist others may add to; listed only with the `playlist-read-collaborative` scope */
  collaborative?: boolean;
}

/** One page of `GET /me/playlists`. */
export interface LibraryPage {
  playlists: LibraryPlaylist[];
  /** how many the library holds, when told */
  total: number | null;
  /** the offset of the next page, or null after the last */
  next: number | null;
}

export interface NewPlaylist {
  name: string;
  public: boolean;
  description?: string;
}

export interface PlaylistChanges {
  name?: string;
  public?: boolean;
  description?: string;
}

/** Called for each like, newest first; `true` stops the walk at that like (it and older ones are not yielded). */
export type IsKnownLike = (trackId: string, addedAt: string) => boolean;

/**
 * The first page of likes as Spotify listed it (every like on it, known or not, newest first), and whether it
 * is the whole library: what the newest likes are now, read at no extra cost.
 */
/** The first page of likes; `total` is how many items the provider says the library holds (null if not told). */
export type FirstLikesPage = (
  likes: { trackId: string; addedAt: string }[],
  wholeLibrary: boolean,
  total: number | null,
) => void;

/** Calls per endpoint, keyed "METHOD /path-template" (e.g. "GET /me/tracks"), plus `total`. */
export type { CallCounts };

/**
 * The Web API on behalf of one signed-in listener. Tokens are refreshed as needed; failures throw `SpotifyError`
 * (with the HTTP status) or `SpotifyAuthRevokedError` when the listener revoked Crate's access.
 */
export interface SpotifyUserApi {
  /** `GET /me` */
  me(): Promise<PrivateUser>;
  /**
   * `GET /me/tracks`, 50 a page, newest first. Yields pages of likes; when `isKnown` answers true for a like,
   * yields the newer likes of that page and stops (no further page is fetched). Local files (no id) are skipped.
   */
  likedTracks(options?: { isKnown?: IsKnownLike; firstPage?: FirstLikesPage }): AsyncIterable<SavedTrack[]>;
  /** `GET /artists?ids=` in batches of 50; on 403 falls back to `GET /artists/{id}` (remembered per process). Unknown ids are left out. */
  getArtists(ids: readonly string[]): Promise<Artist[]>;
  /** `GET /audio-features?ids=` in batches of 100; `"unavailable"` when Spotify answers 403. Tracks without features are left out. */
  getAudioFeatures(ids: readonly string[]): Promise<AudioFeatures[] | "unavailable">;
  /** `POST /me/playlists` */
  createPlaylist(playlist: NewPlaylist): Promise<Playlist>;
  /** `POST /playlists/{id}/items`, 100 a call, in order; with `position` the songs are inserted there. Returns the last snapshot id. */
  addItems(playlistId: string, trackIds: readonly string[], position?: number): Promise<string | null>;
  /** `DELETE /playlists/{id}/items`, 100 a call (every occurrence of each song). Returns the last snapshot id. */
  removeItems(playlistId: string, trackIds: readonly string[]): Promise<string | null>;
  /** `GET /playlists/{id}/items`, every page: the track ids in playlist order (episodes and local files left out). */
  getPlaylistItems(playlistId: string): Promise<string[]>;
  /**
   * `GET /playlists/{id}/items`, every page: each entry in playlist order, its track id or null where it holds
   * something else (a local file, an episode, an unavailable track), so positions are Spotify's own.
   */
  playlistEntries(playlistId: string): Promise<(string | null)[]>;
  /** `GET /playlists/{id}?fields=snapshot_id`: the playlist's current version, one call. A 404 throws. */
  playlistSnapshot(playlistId: string): Promise<string>;
  /** `GET /playlists/{id}`; null when the playlist does not exist (404). */
  getPlaylist(playlistId: string): Promise<Playlist | null>;
  /** `PUT /playlists/{id}` */
  updatePlaylist(playlistId: string, changes: PlaylistChanges): Promise<void>;
  /** `DELETE /me/library?uris=spotify:playlist:{id}`: Spotify's way of deleting a playlist for its owner. */
  removePlaylistFromLibrary(playlistId: string): Promise<void>;
  /**
   * `GET /me/library/contains?uris=` (40 a call): whether each playlist is still in the user's library, in the
   * order asked. Spotify never really deletes a playlist: one the user "deleted" still answers `GET /playlists/{id}`
   * and accepts writes, so this is how a deletion in Spotify shows.
   */
  playlistsInLibrary(playlistIds: readonly string[]): Promise<boolean[]>;
  /** `GET /me/playlists`, every page (50 a page): the playlists in the user's library, owned or followed. */
  myPlaylists(): Promise<LibraryPlaylist[]>;
  /** One page of `GET /me/playlists` (50 a page) from `offset`. */
  myPlaylistsPage(offset: number): Promise<LibraryPage>;
  /** Calls made through the shared client, all users together. */
  callCounts(): CallCounts;
}

/** The shared Web API client (one per process; one concurrency limit and call counter for all users). */
export interface SpotifyClient {
  /** The per-user API with tokens from `tokens`, its calls made for `work` (default: counted as `other`). */
  forUser(tokens: AccessTokenSource, work?: SpotifyWork): SpotifyUserApi;
  /** The accounts service (authorize URL, token endpoint), through the same transport. */
  accounts: SpotifyAccounts;
  callCounts(): CallCounts;
  resetCallCounts(): void;
  /** the Web API pacer's learned rate, pause and queues */
  pacing(): PacerState;
  /** whether Spotify's spent quota holds every Web API call (since when, probes) */
  quota(): QuotaState;
  stopQuotaProbes(): void;
  /** SPOTIFY_DAILY_CALLS: which work waits for the budget now (since when, until when) */
  budget(): CallBudgetState;
  /** whether work of `kind` fits the budget now (a job asks before taking the next listener) */
  budgetAllows(kind: SpotifyCallKind): boolean;
}

/** Where a user API gets its bearer token: `current()` before a call; `refresh(rejected)` after a 401 (once). */
export interface AccessTokenSource {
  /** the listener these tokens are theirs (calls are counted per listener) */
  userId?: string;
  current(): Promise<string>;
  /** a token other than `rejected`: refreshed, or the one another call just refreshed */
  refresh(rejected?: string): Promise<string>;
}
