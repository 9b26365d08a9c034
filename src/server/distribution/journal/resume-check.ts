// A resumed run (after a crash, a power loss or a failure) cannot trust its journal's last marks: a power loss
// may drop the last commits, so a write Spotify applied can look "pending". Such a run treats every add and
// creation as possibly sent: it reads each playlist it adds to once (then keeps the copy up to date) and lists
// the library once to find creations by their mark. A first run trusts its journal and reads nothing.

import type { LibraryPlaylist } from "../../spotify/types.ts";
import type { JournalApi } from "./spotify-calls.ts";

export class ResumeCheck {
  private readonly items = new Map<string, Promise<string[]>>();
  private library: Promise<LibraryPlaylist[]> | null = null;

  constructor(private readonly api: JournalApi) {}

  /** The playlist's track ids as Spotify has them now (read once per run). */
  async present(spotifyId: string): Promise<string[]> {
    let items = this.items.get(spotifyId);
    if (!items) {
      items = this.api.getPlaylistItems(spotifyId);
      this.items.set(spotifyId, items);
      items.catch(() => this.items.delete(spotifyId));
    }
    return items;
  }

  /** After an add or a removal this run sent, the copy follows it. */
  async added(spotifyId: string, trackIds: readonly string[], position?: number): Promise<void> {
    const items = this.items.get(spotifyId);
    if (!items) return;
    const list = await items;
    if (position === undefined || position >= list.length) list.push(...trackIds);
    else list.splice(position, 0, ...trackIds);
  }

  async removed(spotifyId: string, trackIds: readonly string[]): Promise<void> {
    const items = this.items.get(spotifyId);
    if (!items) return;
    const gone = new Set(trackIds);
    const list = await items;
    const kept = list.filter((id) => !gone.has(id));
    list.splice(0, list.length, ...kept);
  }

  /** The listener's library as `GET /me/playlists` lists it (read once per run), or null without the call. */
  async playlists(): Promise<LibraryPlaylist[] | null> {
    if (!this.api.myPlaylists) return null;
    this.library ??= this.api.myPlaylists();
    return this.library;
  }
}
