// The emulator's world: the catalogue plus mutable listeners, likes and playlists (persisted through the store).
import type { Catalogue } from "./catalogue.ts";
import { LikedSongs } from "./library.ts";
import { createdListener, demoListeners, type ListenerProfile } from "./listeners.ts";
import {
  itemsWithout,
  type NewPlaylistInput,
  type PlaylistItemRecord,
  type PlaylistRecord,
} from "./playlist-records.ts";
import { base62Id, hashText, mix } from "./random.ts";
import type { LoadedState, StateStore, StoredItem } from "./store.ts";

export class World {
  readonly listeners = new Map<string, ListenerProfile>();
  private readonly libraries = new Map<string, LikedSongs>();
  private readonly playlists = new Map<string, PlaylistRecord>();
  /** each owner's playlists, oldest first */
  private readonly byOwner = new Map<string, PlaylistRecord[]>();
  /** playlists of other owners each listener follows */
  private readonly followedBy = new Map<string, Set<string>>();
  private playlistSeq = 0;
  private likeSeq = 0;

  constructor(
    readonly catalogue: Catalogue,
    private readonly store: StateStore,
    private readonly now: () => number,
    loaded: LoadedState,
  ) {
    for (const listener of demoListeners(catalogue.seed)) this.listeners.set(listener.id, listener);
    for (const l of loaded.listeners) {
      this.listeners.set(l.id, createdListener(l.id, l.initialLikes, l.likesSeed, l.displayName, l.product));
    }
    for (const change of loaded.likeChanges) {
      const trackIndex = catalogue.trackIndexOf(change.trackId);
      if (trackIndex === undefined || !this.listeners.has(change.userId)) continue;
      this.library(change.userId).apply(trackIndex, { addedAt: change.addedAt, seq: change.seq });
      this.likeSeq = Math.max(this.likeSeq, change.seq);
    }
    for (const { playlist, items } of loaded.playlists) {
      const records: PlaylistItemRecord[] = [];
      for (const item of items) {
        const trackIndex = catalogue.trackIndexOf(item.trackId);
        if (trackIndex !== undefined)
          records.push({ trackIndex, addedAt: item.addedAt, addedBy: item.addedBy });
      }
      this.remember({ ...playlist, items: records });
      this.playlistSeq = Math.max(this.playlistSeq, playlist.createdSeq);
    }
  }

  // ── listeners and likes ──

  listener(id: string): ListenerProfile | undefined {
    return this.listeners.get(id);
  }

  createListener(profile: ListenerProfile): void {
    this.listeners.set(profile.id, profile);
    this.store.saveListener({
      id: profile.id,
      displayName: profile.displayName,
      product: profile.product,
      initialLikes: profile.initialLikes,
      likesSeed: profile.likesSeed,
    });
  }

  library(userId: string): LikedSongs {
    let library = this.libraries.get(userId);
    if (!library) {
      const profile = this.listeners.get(userId);
      library = new LikedSongs(
        profile?.likesSeed ?? hashText(userId),
        profile?.initialLikes ?? 0,
        this.catalogue.trackCount,
        this.catalogue.sameRecordings.slice(0, profile?.recordingsLikedTwice ?? 0),
      );
      this.libraries.set(userId, library);
    }
    return library;
  }

  /** Likes the tracks in order, so the last one is the newest; a song liked again moves to the top. */
  like(userId: string, trackIndexes: readonly number[], addedAt?: number): void {
    const library = this.library(userId);
    // Distinct seconds keep the newest-first order unambiguous, as likes made one by one are.
    const n = trackIndexes.length;
    const first =
      addedAt === undefined
        ? Math.max(Math.floor(this.now() / 1000) * 1000 - 1000 * (n - 1), library.newestAddedAt() + 1000)
        : Math.floor(addedAt / 1000) * 1000;
    this.store.transaction(() => {
      trackIndexes.forEach((trackIndex, i) => {
        const change = { addedAt: first + i * 1000, seq: ++this.likeSeq };
        library.apply(trackIndex, change);
        this.store.saveLikeChange({ userId, trackId: this.trackId(trackIndex), ...change });
      });
    });
  }

  /** grows with every like change; seeds the choice of songs liked by count */
  likeSequence(): number {
    return this.likeSeq;
  }

  unlike(userId: string, trackIndex: number): boolean {
    const library = this.library(userId);
    if (!library.has(trackIndex)) return false;
    const change = library.unlikeChange(trackIndex, ++this.likeSeq);
    const trackId = this.trackId(trackIndex);
    if (change) {
      library.apply(trackIndex, change);
      this.store.saveLikeChange({ userId, trackId, ...change });
    } else {
      library.forget(trackIndex);
      this.store.deleteLikeChange(userId, trackId);
    }
    return true;
  }

  // ── playlists ──

  playlist(id: string): PlaylistRecord | undefined {
    return this.playlists.get(id);
  }

  /**
   * The owner's playlists, newest first as Spotify lists them: those in their library, or every one they
   * made (unfollowed and deleted ones too) when asked.
   */
  playlistsOf(ownerId: string, includeDeleted = false): PlaylistRecord[] {
    const owned = this.byOwner.get(ownerId) ?? [];
    const mine = owned.filter((p) => includeDeleted || this.inLibrary(p, ownerId));
    const followed = [...(this.followedBy.get(ownerId) ?? [])].flatMap((id) => {
      const p = this.playlists.get(id);
      return p && this.inLibrary(p, ownerId) ? [p] : [];
    });
    return [...mine, ...followed].sort((a, b) => b.createdSeq - a.createdSeq);
  }

  /** Whether the playlist is in the user's library: their own not unfollowed, or another's they follow. */
  inLibrary(playlist: PlaylistRecord, userId: string): boolean {
    if (playlist.deleted) return false;
    if (playlist.ownerId === userId) return !playlist.unfollowed;
    return playlist.followers.includes(userId);
  }

  /** Another listener saves the playlist to their library (or removes it, `follow` false). */
  setFollower(playlist: PlaylistRecord, userId: string, follow: boolean): void {
    if (playlist.ownerId === userId || playlist.followers.includes(userId) === follow) return;
    playlist.followers = follow
      ? [...playlist.followers, userId]
      : playlist.followers.filter((f) => f !== userId);
    const followed = this.followedBy.get(userId) ?? new Set<string>();
    if (follow) followed.add(playlist.id);
    else followed.delete(playlist.id);
    this.followedBy.set(userId, followed);
    this.store.savePlaylist(playlist);
  }

  createPlaylist(ownerId: string, input: NewPlaylistInput): PlaylistRecord {
    const createdSeq = ++this.playlistSeq;
    const playlist: PlaylistRecord = {
      id: base62Id(this.catalogue.seed, 9, createdSeq, hashText(ownerId)),
      ownerId,
      name: input.name,
      isPublic: input.isPublic,
      collaborative: input.collaborative,
      description: input.description,
      version: 1,
      deleted: false,
      createdSeq,
      unfollowed: false,
      followers: [],
      items: [],
    };
    this.remember(playlist);
    this.store.savePlaylist(playlist);
    return playlist;
  }

  updatePlaylist(playlist: PlaylistRecord, changes: Partial<NewPlaylistInput>): void {
    if (changes.name !== undefined) playlist.name = changes.name;
    if (changes.isPublic !== undefined) playlist.isPublic = changes.isPublic;
    if (changes.collaborative !== undefined) playlist.collaborative = changes.collaborative;
    if (changes.description !== undefined) playlist.description = changes.description;
    playlist.version++;
    this.store.savePlaylist(playlist);
  }

  /** Inserts at `position` (appends when undefined); the caller checked bounds and capacity. */
  addItems(
    playlist: PlaylistRecord,
    trackIndexes: readonly number[],
    addedBy: string,
    position?: number,
  ): void {
    const addedAt = Math.floor(this.now() / 1000) * 1000;
    const added = trackIndexes.map((trackIndex) => ({ trackIndex, addedAt, addedBy }));
    const append = position === undefined || position >= playlist.items.length;
    const from = playlist.items.length;
    if (append) playlist.items.push(...added);
    else playlist.items.splice(position, 0, ...added);
    playlist.version++;
    this.store.transaction(() => {
      if (append) this.store.appendItems(playlist.id, from, this.storedItems(added));
      else this.store.replaceItems(playlist.id, this.storedItems(playlist.items));
      this.store.savePlaylist(playlist);
    });
  }

  /** Removes every occurrence of the tracks (or only those at the given positions); returns how many went. */
  removeItems(
    playlist: PlaylistRecord,
    removals: readonly { trackIndex: number; positions?: number[] }[],
  ): number {
    const before = playlist.items.length;
    playlist.items = itemsWithout(playlist.items, removals);
    const removed = before - playlist.items.length;
    playlist.version++;
    this.store.transaction(() => {
      if (removed > 0) this.store.replaceItems(playlist.id, this.storedItems(playlist.items));
      this.store.savePlaylist(playlist);
    });
    return removed;
  }

  /** Moves `length` items from `start` to before `insertBefore` (positions before the move). */
  reorderItems(playlist: PlaylistRecord, start: number, length: number, insertBefore: number): void {
    const moved = playlist.items.splice(start, length);
    const target = insertBefore > start ? insertBefore - length : insertBefore;
    playlist.items.splice(Math.max(0, target), 0, ...moved);
    playlist.version++;
    this.store.transaction(() => {
      this.store.replaceItems(playlist.id, this.storedItems(playlist.items));
      this.store.savePlaylist(playlist);
    });
  }

  /**
   * The owner removed the playlist from their library, which is what deleting it in the Spotify app does:
   * it still exists, the Web API still serves it and accepts writes, but it is no longer in their library.
   */
  unfollowPlaylist(playlist: PlaylistRecord): void {
    if (playlist.unfollowed) return;
    playlist.unfollowed = true;
    this.store.savePlaylist(playlist);
  }

  /** The owner saves their playlist to their library again. */
  followPlaylist(playlist: PlaylistRecord): void {
    if (!playlist.unfollowed || playlist.deleted) return;
    playlist.unfollowed = false;
    this.store.savePlaylist(playlist);
  }

  /** The playlist is gone for good (a control-only hard delete): the Web API answers 404 from now on. */
  deletePlaylist(playlist: PlaylistRecord): void {
    playlist.deleted = true;
    playlist.unfollowed = true;
    this.store.savePlaylist(playlist);
  }

  snapshotId(playlist: PlaylistRecord): string {
    const hash = mix(this.catalogue.seed, hashText(playlist.id), playlist.version)
      .toString(16)
      .padStart(8, "0");
    return Buffer.from(`${playlist.version},${hash}${hash.split("").reverse().join("")}`).toString("base64");
  }

  trackId(trackIndex: number): string {
    return this.catalogue.track(trackIndex)?.id ?? "";
  }

  private remember(playlist: PlaylistRecord): void {
    for (const follower of playlist.followers) {
      const followed = this.followedBy.get(follower) ?? new Set<string>();
      followed.add(playlist.id);
      this.followedBy.set(follower, followed);
    }
    this.playlists.set(playlist.id, playlist);
    const owned = this.byOwner.get(playlist.ownerId) ?? [];
    owned.push(playlist);
    this.byOwner.set(playlist.ownerId, owned);
  }

  private storedItems(items: readonly PlaylistItemRecord[]): StoredItem[] {
    return items.map((i) => ({
      trackId: this.trackId(i.trackIndex),
      addedAt: i.addedAt,
      addedBy: i.addedBy,
    }));
  }
}
