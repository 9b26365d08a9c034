// The control surface for tests and demos: what a listener does in the Spotify app, plus call log and faults.
import {
  ControlError,
  type ListenerSummary,
  type PlaylistSummary,
  type SpotifyEmulatorControl,
} from "./control-types.ts";
import { createdListener, type ListenerProfile, toIsoSeconds } from "./model/listeners.ts";
import { PLAYLIST_CAPACITY, type PlaylistRecord } from "./model/playlist-records.ts";
import { createRng, hashText, mix } from "./model/random.ts";
import type { EmulatorRuntime } from "./model/runtime.ts";
import type { World } from "./model/state.ts";

export * from "./control-types.ts";

export function createControl(runtime: EmulatorRuntime): SpotifyEmulatorControl {
  const world = () => runtime.world();
  const listener = (id: string): ListenerProfile => {
    const profile = world().listener(id);
    if (!profile) throw new ControlError(404, `Unknown listener: ${id}`);
    return profile;
  };
  const summary = (p: ListenerProfile): ListenerSummary => ({
    id: p.id,
    displayName: p.displayName,
    product: p.product,
    likes: world().library(p.id).all().length,
    demo: p.demo,
  });
  const trackIndex = (id: string): number => {
    const index = world().catalogue.trackIndexOf(id);
    if (index === undefined) throw new ControlError(404, `Unknown track: ${id}`);
    return index;
  };

  return {
    createListener(input) {
      if (!/^[A-Za-z0-9._-]{1,64}$/.test(input.id))
        throw new ControlError(400, "id: letters, digits, . _ - only");
      if (!Number.isInteger(input.likes) || input.likes < 0)
        throw new ControlError(400, "likes: a whole number ≥ 0");
      if (world().listener(input.id)) throw new ControlError(409, `Listener ${input.id} exists`);
      const likesSeed = mix(runtime.seed, hashText(input.id), input.seed ?? 0);
      const profile = createdListener(input.id, input.likes, likesSeed, input.displayName, input.product);
      world().createListener(profile);
      return summary(profile);
    },
    listeners: () => [...world().listeners.values()].map(summary),
    likes(listenerId) {
      listener(listenerId);
      return world()
        .library(listenerId)
        .all()
        .map((l) => ({ trackId: world().trackId(l.trackIndex), addedAt: toIsoSeconds(l.addedAt) }));
    },
    like(listenerId, input) {
      listener(listenerId);
      const w = world();
      const library = w.library(listenerId);
      let indexes: number[];
      if (input.trackIds) indexes = input.trackIds.map(trackIndex);
      else {
        const count = input.count ?? 1;
        if (!Number.isInteger(count) || count < 1) throw new ControlError(400, "count: a whole number ≥ 1");
        const free = w.catalogue.trackCount - library.all().length;
        if (count > free) throw new ControlError(400, "count: more than the tracks not yet liked");
        const rng = createRng(
          mix(runtime.seed, hashText(listenerId), library.all().length, w.likeSequence()),
        );
        const chosen = new Set<number>();
        while (chosen.size < count) {
          const candidate = rng.int(0, w.catalogue.trackCount - 1);
          if (!library.has(candidate)) chosen.add(candidate);
        }
        indexes = [...chosen];
      }
      const at = input.addedAt === undefined ? undefined : Date.parse(input.addedAt);
      if (at !== undefined && Number.isNaN(at)) throw new ControlError(400, "addedAt: an ISO date-time");
      w.like(listenerId, indexes, at);
      return indexes.map((i) => w.trackId(i));
    },
    unlike(listenerId, trackId) {
      listener(listenerId);
      return world().unlike(listenerId, trackIndex(trackId));
    },
    listenerPlaylists(listenerId, options = {}) {
      listener(listenerId);
      return world()
        .playlistsOf(listenerId, options.includeDeleted)
        .map((p) => playlistSummary(p));
    },
    playlist(playlistId) {
      const w = world();
      const p = w.playlist(playlistId);
      if (!p) return null;
      return {
        ...playlistSummary(p),
        ownerId: p.ownerId,
        snapshotId: w.snapshotId(p),
        trackIds: p.items.map((i) => w.trackId(i.trackIndex)),
        items: p.items.map((i) => ({ trackId: w.trackId(i.trackIndex), addedAt: toIsoSeconds(i.addedAt) })),
      };
    },
    addPlaylistItems(playlistId, trackIds, position) {
      const w = world();
      const p = existingPlaylist(w, playlistId);
      if (p.items.length + trackIds.length > PLAYLIST_CAPACITY)
        throw new ControlError(400, "Playlist size limit reached");
      if (
        position !== undefined &&
        (!Number.isInteger(position) || position < 0 || position > p.items.length)
      )
        throw new ControlError(400, "position: within the playlist");
      const indexes = trackIds.map(trackIndex);
      for (let i = 0; i < indexes.length; i += 100)
        w.addItems(
          p,
          indexes.slice(i, i + 100),
          p.ownerId,
          position === undefined ? undefined : position + i,
        );
      return p.items.length;
    },
    createPlaylist(listenerId, input) {
      listener(listenerId);
      const p = world().createPlaylist(listenerId, {
        name: input.name,
        isPublic: input.public ?? true,
        collaborative: false,
        description: input.description ?? null,
      });
      return playlistSummary(p);
    },
    followPlaylist(listenerId, playlistId) {
      listener(listenerId);
      const p = existingPlaylist(world(), playlistId);
      if (p.ownerId === listenerId || !p.isPublic)
        throw new ControlError(400, "Only another's public playlist");
      world().setFollower(p, listenerId, true);
    },
    removePlaylistItem(playlistId, trackId) {
      const p = existingPlaylist(world(), playlistId);
      return world().removeItems(p, [{ trackIndex: trackIndex(trackId) }]);
    },
    deletePlaylist(listenerId, playlistId, options = {}) {
      listener(listenerId);
      const p = existingPlaylist(world(), playlistId);
      if (p.ownerId !== listenerId) throw new ControlError(404, `Unknown playlist: ${playlistId}`);
      if (options.hard) world().deletePlaylist(p);
      else world().unfollowPlaylist(p);
    },
    track(trackId) {
      const { catalogue } = world();
      const index = catalogue.trackIndexOf(trackId);
      const track = index === undefined ? undefined : catalogue.track(index);
      const album = track ? catalogue.albums[track.album] : undefined;
      if (!track || !album) return null;
      const artists = track.artists.flatMap((i) => catalogue.artists[i] ?? []);
      return {
        id: track.id,
        name: track.name,
        artistIds: artists.map((a) => a.id),
        artistGenres: [...new Set(artists.flatMap((a) => a.genres))],
        releaseDate: album.releaseDate,
        releaseDatePrecision: album.precision,
        isrc: track.isrc,
        features: track.features,
      };
    },
    calls: () => runtime.faults.calls(),
    resetCalls: () => runtime.faults.resetCalls(),
    faults: () => runtime.faults.current(),
    setFaults: (input) => runtime.faults.configure(input),
    app: () => (runtime.faults.developmentMode ? "development" : "extended"),
    setApp: (app) => {
      runtime.faults.developmentMode = app === "development";
      return app;
    },
    expireTokens: () => runtime.tokens().expireAllAccessTokens(),
    revoke(listenerId) {
      listener(listenerId);
      return runtime.tokens().revoke(listenerId);
    },
    endGrant(listenerId) {
      listener(listenerId);
      return runtime.tokens().endGrant(listenerId);
    },
    setGrantLifetime: (ms) => runtime.tokens().setGrantLifetime(ms),
    quota: () => runtime.quota.log(),
    setQuota: (settings) => runtime.quota.configure(settings),
    exhaustQuota: () => runtime.quota.exhaust(),
  };
}

function existingPlaylist(world: World, playlistId: string): PlaylistRecord {
  const p = world.playlist(playlistId);
  if (!p || p.deleted) throw new ControlError(404, `Unknown playlist: ${playlistId}`);
  return p;
}

function playlistSummary(p: PlaylistRecord): PlaylistSummary {
  return {
    id: p.id,
    ownerId: p.ownerId,
    name: p.name,
    public: p.isPublic,
    collaborative: p.collaborative,
    description: p.description,
    total: p.items.length,
    deleted: p.unfollowed || p.deleted,
    hardDeleted: p.deleted,
  };
}
