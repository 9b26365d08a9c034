// The listener's own edits in Spotify, noticed cheaply: Crate keeps the snapshot id of each of its writes, reads
// the playlist's snapshot (one call) before it writes to the playlist in a run and when its page opens, and reads
// the items (50 a call) only when the snapshot moved. Reading them notes the songs the listener removed (never
// added again, listed as removed) and, when the listener added songs by hand, keeps the entries so inserts land
// at their place among Crate's songs without reading again while nothing moves.
import { recordActivity } from "../../activity/record.ts";
import { transaction } from "../../db/transaction.ts";
import type { Deps } from "../../deps/deps.ts";
import type { SpotifyUserApi } from "../../spotify/types.ts";
import { heldSongs, knownState, recordPresence, storeState } from "../repository/presence.ts";
import { type Anchors, hasOthers, spotifyIndex, withInserted, withoutTracks } from "./layout.ts";

/** A managed playlist that exists on Spotify. */
export interface PlaylistOnSpotify {
  id: string;
  userId: string;
  source: string;
  preferenceKey: string;
  spotifyPlaylistId: string;
}

export type EditsApi = Pick<SpotifyUserApi, "playlistSnapshot" | "playlistEntries">;

/** What Crate knows of a playlist on Spotify after a check. */
export interface KnownPlaylist {
  snapshotId: string | null;
  /** its entries as just read, or as kept when they are more than Crate's songs; null: exactly Crate's songs */
  entries: (string | null)[] | null;
  /** Crate's songs in it by Crate's record */
  held: Set<string>;
  /** whether the check read the items (the snapshot had moved) */
  read: boolean;
  /** whether the snapshot was read just now for this playlist (not taken from the run's library listing) */
  fresh: boolean;
  /** whether the read found songs of Crate's gone (removed by the listener) or back (added again by hand) */
  presenceChanged: boolean;
}

const asSource = (source: string) => (source === "combination" ? "combination" : "predefined");

/** Checks the playlist's snapshot and, when it moved since Crate last knew it, reads and records its items. */
export async function noticeEdits(
  deps: Pick<Deps, "db" | "clock">,
  api: EditsApi,
  playlist: PlaylistOnSpotify,
  options: {
    /** read the items even when the snapshot has not moved (Spotify refused a place Crate thought was there) */
    force?: boolean;
    /** the snapshot id as the library's listing gave it a moment ago (no read of its own) */
    listed?: string;
  } = {},
): Promise<KnownPlaylist> {
  const { db } = deps;
  const force = options.force === true;
  const known = knownState(db, playlist.id);
  const snapshotId = options.listed ?? (await api.playlistSnapshot(playlist.spotifyPlaylistId));
  if (!force && known.snapshotId !== null && snapshotId === known.snapshotId)
    return {
      snapshotId,
      entries: known.entries,
      held: heldSongs(db, playlist.id),
      read: false,
      fresh: options.listed === undefined,
      presenceChanged: false,
    };
  // Read after the snapshot: an edit in between moves it again, so the next check reads once more.
  const entries = await api.playlistEntries(playlist.spotifyPlaylistId);
  const present = new Set(entries.filter((id): id is string => id !== null));
  return transaction(db, () => {
    const now = deps.clock.now();
    const { gone, back } = recordPresence(db, playlist.id, present, now);
    if (gone.length > 0)
      recordActivity(db, {
        userId: playlist.userId,
        source: asSource(playlist.source),
        preferenceKey: playlist.preferenceKey,
        playlistId: playlist.id,
        kind: "removedInSpotify",
        trackIds: inOrderOf(known.entries, gone),
        at: now,
      });
    const held = heldSongs(db, playlist.id);
    storeState(db, playlist.id, { snapshotId, entries: hasOthers(entries, held) ? entries : null });
    // The run places its inserts on what it just read: its plan may still count the songs found gone.
    const presenceChanged = gone.length > 0 || back.length > 0;
    return { snapshotId, entries, held, read: true, fresh: true, presenceChanged };
  });
}

/** The songs in the order the playlist held them when it was last read (else as given). */
function inOrderOf(entries: readonly (string | null)[] | null, songs: readonly string[]): string[] {
  if (!entries) return [...songs];
  const place = new Map<string, number>();
  entries.forEach((id, i) => {
    if (id !== null && !place.has(id)) place.set(id, i);
  });
  return [...songs].sort((a, b) => (place.get(a) ?? Infinity) - (place.get(b) ?? Infinity));
}

/** One playlist as a run writes it: where inserts go, and Crate's knowledge kept in step with each write. */
export class PlaylistView {
  /** whether a check in this run found the listener's removals or re-adds here */
  edited: boolean;

  constructor(
    readonly playlistId: string,
    private known: KnownPlaylist,
  ) {
    this.edited = known.presenceChanged;
  }

  /** Whether the last check read the items. */
  get read(): boolean {
    return this.known.read;
  }

  /** Whether the playlist was checked on its own in this run (a place depends on it), or only listed. */
  get fresh(): boolean {
    return this.known.fresh;
  }

  /** Whether Crate holds the song there already (a put back asked twice, a run resumed). */
  holds(trackId: string): boolean {
    return this.known.held.has(trackId);
  }

  /** The index on Spotify for songs the plan inserts at `position` among Crate's songs. */
  indexFor(position: number, anchors: Anchors | null): number {
    const { entries, held } = this.known;
    // Exactly Crate's songs in its order: the plan's place is the playlist's.
    if (entries === null) return Math.min(position, held.size);
    return spotifyIndex(entries, held, position, anchors);
  }

  /** After a check made again (a write refused as out of bounds). */
  replace(known: KnownPlaylist): void {
    this.known = known;
    if (known.presenceChanged) this.edited = true;
  }

  added(trackIds: readonly string[], sent: readonly string[], index: number | undefined): void {
    for (const id of trackIds) this.known.held.add(id);
    if (this.known.entries) this.known.entries = withInserted(this.known.entries, sent, index);
  }

  removed(trackIds: readonly string[]): void {
    for (const id of trackIds) this.known.held.delete(id);
    if (this.known.entries) this.known.entries = withoutTracks(this.known.entries, trackIds);
  }

  /** Records the snapshot Spotify answered the write with, and the entries as the write left them. */
  store(deps: Pick<Deps, "db">, snapshotId: string | null): void {
    const { entries, held } = this.known;
    // A write answers the version after it, an edit made since the check included: no fresher than the check.
    this.known = { ...this.known, snapshotId };
    storeState(deps.db, this.playlistId, {
      snapshotId,
      entries: entries && hasOthers(entries, held) ? entries : null,
    });
  }
}

/** A run's views of the playlists it writes to: each checked once, before its first write. */
export class PlaylistViews {
  private readonly views = new Map<string, Promise<PlaylistView>>();
  /**
   * Whether a check found the listener's removals or re-adds: the run's plan counted those songs as it found them
   * (under a limit a removed song takes no place), so the listener's playlists are planned once more after it.
   */
  presenceChanged = false;

  constructor(
    private readonly deps: Pick<Deps, "db" | "clock">,
    private readonly api: EditsApi,
    /** snapshot ids from the library's listing the run read first, by Spotify playlist id */
    private readonly listed: ReadonlyMap<string, string> = new Map(),
    /**
     * A run planned again follows this one when the listener's edits are found: removals from a playlist found
     * edited wait for it (its plan counted a removed song's place, so it would push one out only to add it back).
     */
    readonly replanFollows = false,
  ) {}

  /** A playlist this run made: it holds what the run wrote, nothing to check. */
  made(playlistId: string): void {
    const known = {
      snapshotId: null,
      entries: null,
      held: new Set<string>(),
      read: false,
      fresh: true,
      presenceChanged: false,
    };
    this.views.set(playlistId, Promise.resolve(new PlaylistView(playlistId, known)));
  }

  /**
   * The playlist as the run finds it, checked before its first write: with the snapshot id of the listing when
   * there is one, except before a write that depends on positions, which reads the snapshot itself.
   */
  async of(playlist: PlaylistOnSpotify, forPlace = false): Promise<PlaylistView> {
    let view = this.views.get(playlist.id);
    if (!view) {
      const listed = forPlace ? undefined : this.listed.get(playlist.spotifyPlaylistId);
      view = this.notice(playlist, { listed }).then((known) => new PlaylistView(playlist.id, known));
      this.views.set(playlist.id, view);
      view.catch(() => this.views.delete(playlist.id));
    }
    const found = await view;
    if (forPlace && !found.fresh) found.replace(await this.notice(playlist));
    return found;
  }

  private async notice(playlist: PlaylistOnSpotify, options?: Parameters<typeof noticeEdits>[3]) {
    const known = await noticeEdits(this.deps, this.api, playlist, options);
    if (known.presenceChanged) this.presenceChanged = true;
    return known;
  }

  /** Checks again, reading the items (Spotify refused a place: the playlist changed while the run wrote). */
  async again(playlist: PlaylistOnSpotify): Promise<PlaylistView> {
    const view = await this.of(playlist);
    view.replace(await this.notice(playlist, { force: true }));
    return view;
  }
}
