/**
 * Spotify's paging object (`GET /me/tracks`, `/me/playlists`, a playlist's items), as its public reference
 * gives it: one wire contract that Crate's client reads and the Spotify emulator writes.
 */
export interface Paging<T> {
  href: string;
  items: T[];
  limit: number;
  next: string | null;
  offset: number;
  previous: string | null;
  total: number;
}
