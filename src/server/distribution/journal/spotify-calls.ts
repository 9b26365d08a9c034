// The Spotify calls the journal makes (a subset of the listener's client, so tests can stand in for it).
import type { LibraryPage, LibraryPlaylist, SpotifyUserApi } from "../../spotify/types.ts";

export type JournalApi = Pick<
  SpotifyUserApi,
  | "createPlaylist"
  | "addItems"
  | "removeItems"
  | "getPlaylistItems"
  | "playlistEntries"
  | "playlistSnapshot"
  | "removePlaylistFromLibrary"
  | "playlistsInLibrary"
> & {
  /** the user's library (`GET /me/playlists`), when the client offers it: finds a creation a crash lost */
  myPlaylists?: () => Promise<LibraryPlaylist[]>;
  /** one page of the library's listing, when the client offers it: versions of many playlists at once */
  myPlaylistsPage?: (offset: number) => Promise<LibraryPage>;
  /** waits between calls (real time unless a test stands in) */
  pause?: (ms: number) => Promise<void>;
};
