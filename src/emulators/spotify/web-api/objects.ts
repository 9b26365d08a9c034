// Web API objects in Spotify's wire shapes (snake_case), built from the catalogue and state.
import type { Catalogue, CatalogueAlbum, CatalogueArtist, CatalogueTrack } from "../model/catalogue.ts";
import { type ListenerProfile, toIsoSeconds } from "../model/listeners.ts";
import type { PlaylistRecord } from "../model/playlist-records.ts";
import type { World } from "../model/state.ts";
import { paging } from "./http.ts";

const OPEN = "https://open.spotify.com";
const MARKETS = [
  "AR",
  "AU",
  "BE",
  "BR",
  "CA",
  "DE",
  "DK",
  "ES",
  "FR",
  "GB",
  "IE",
  "IT",
  "JP",
  "KR",
  "MX",
  "NL",
  "NO",
  "NZ",
  "PL",
  "SE",
  "TW",
  "UA",
  "US",
];

export function simplifiedArtist(artist: CatalogueArtist, base: string) {
  return {
    external_urls: { spotify: `${OPEN}/artist/${artist.id}` },
    href: `${base}/artists/${artist.id}`,
    id: artist.id,
    name: artist.name,
    type: "artist" as const,
    uri: `spotify:artist:${artist.id}`,
  };
}

/** A full artist; a development-mode app of 2026 gets it without `genres`, `popularity` and `followers`. */
export function fullArtist(artist: CatalogueArtist, base: string, developmentMode = false) {
  const common = {
    external_urls: { spotify: `${OPEN}/artist/${artist.id}` },
    href: `${base}/artists/${artist.id}`,
    id: artist.id,
    images: [],
    name: artist.name,
    type: "artist" as const,
    uri: `spotify:artist:${artist.id}`,
  };
  if (developmentMode) return common;
  return {
    ...common,
    followers: { href: null, total: artist.followers },
    genres: [...artist.genres],
    popularity: artist.popularity,
  };
}

function artistsOf(catalogue: Catalogue, indexes: readonly number[], base: string) {
  const out = [];
  for (const i of indexes) {
    const artist = catalogue.artists[i];
    if (artist) out.push(simplifiedArtist(artist, base));
  }
  return out;
}

/** With a `market`, Spotify answers `is_playable` instead of the list of markets. */
const availability = (market: boolean) => (market ? { is_playable: true } : { available_markets: MARKETS });

export function simplifiedAlbum(catalogue: Catalogue, album: CatalogueAlbum, base: string, market = false) {
  return {
    album_type: album.albumType,
    artists: artistsOf(catalogue, album.artists, base),
    ...availability(market),
    external_urls: { spotify: `${OPEN}/album/${album.id}` },
    href: `${base}/albums/${album.id}`,
    id: album.id,
    images: [],
    name: album.name,
    release_date: album.releaseDate,
    release_date_precision: album.precision,
    total_tracks: album.trackCount,
    type: "album" as const,
    uri: `spotify:album:${album.id}`,
  };
}

export function trackObject(catalogue: Catalogue, track: CatalogueTrack, base: string, market = false) {
  const album = catalogue.albums[track.album];
  if (!album) throw new Error(`track ${track.id} has no album`);
  return {
    album: simplifiedAlbum(catalogue, album, base, market),
    artists: artistsOf(catalogue, track.artists, base),
    ...availability(market),
    disc_number: 1,
    duration_ms: track.durationMs,
    explicit: track.explicit,
    external_ids: { isrc: track.isrc },
    external_urls: { spotify: `${OPEN}/track/${track.id}` },
    href: `${base}/tracks/${track.id}`,
    id: track.id,
    is_local: false,
    name: track.name,
    popularity: track.popularity,
    preview_url: null,
    track_number: track.trackNumber,
    type: "track" as const,
    uri: `spotify:track:${track.id}`,
  };
}

/** null for tracks Spotify has no features for. */
export function audioFeaturesObject(track: CatalogueTrack, base: string) {
  const f = track.features;
  if (!f) return null;
  return {
    ...f,
    analysis_url: `${base}/audio-analysis/${track.id}`,
    duration_ms: track.durationMs,
    id: track.id,
    track_href: `${base}/tracks/${track.id}`,
    type: "audio_features" as const,
    uri: `spotify:track:${track.id}`,
  };
}

export function userObject(profile: ListenerProfile, base: string) {
  return {
    external_urls: { spotify: `${OPEN}/user/${profile.id}` },
    href: `${base}/users/${profile.id}`,
    id: profile.id,
    type: "user" as const,
    uri: `spotify:user:${profile.id}`,
  };
}

export function ownerObject(world: World, ownerId: string, base: string) {
  const profile = world.listener(ownerId);
  return {
    display_name: profile?.displayName ?? ownerId,
    external_urls: { spotify: `${OPEN}/user/${ownerId}` },
    href: `${base}/users/${ownerId}`,
    id: ownerId,
    type: "user" as const,
    uri: `spotify:user:${ownerId}`,
  };
}

/** The entries of a playlist page; the object is sent as `item` and, for older clients, as `track`. */
export function playlistItems(
  world: World,
  playlist: PlaylistRecord,
  offset: number,
  limit: number,
  base: string,
  market = false,
) {
  const { catalogue } = world;
  return playlist.items.slice(offset, offset + limit).map((entry) => {
    const track = catalogue.track(entry.trackIndex);
    const object = track ? trackObject(catalogue, track, base, market) : null;
    return {
      added_at: toIsoSeconds(entry.addedAt),
      added_by: {
        external_urls: { spotify: `${OPEN}/user/${entry.addedBy}` },
        href: `${base}/users/${entry.addedBy}`,
        id: entry.addedBy,
        type: "user" as const,
        uri: `spotify:user:${entry.addedBy}`,
      },
      is_local: false,
      primary_color: null,
      item: object,
      track: object,
      video_thumbnail: { url: null },
    };
  });
}

/** The full playlist (`GET /playlists/{id}`, `POST /me/playlists`): the first 100 entries inline. */
export function playlistObject(world: World, playlist: PlaylistRecord, base: string, market = false) {
  const itemsUrl = `${base}/playlists/${playlist.id}/items`;
  const entries = playlistItems(world, playlist, 0, 100, base, market);
  return {
    ...playlistHeader(world, playlist, base),
    followers: { href: null, total: 0 },
    items: paging(itemsUrl, entries, 100, 0, playlist.items.length),
    tracks: paging(`${base}/playlists/${playlist.id}/tracks`, entries, 100, 0, playlist.items.length),
  };
}

/** The playlist as listed by `GET /me/playlists`: links and totals instead of entries. */
export function simplifiedPlaylist(world: World, playlist: PlaylistRecord, base: string) {
  const total = playlist.items.length;
  return {
    ...playlistHeader(world, playlist, base),
    description: playlist.description ?? "",
    items: { href: `${base}/playlists/${playlist.id}/items`, total },
    tracks: { href: `${base}/playlists/${playlist.id}/tracks`, total },
  };
}

function playlistHeader(world: World, playlist: PlaylistRecord, base: string) {
  return {
    collaborative: playlist.collaborative,
    description: playlist.description,
    external_urls: { spotify: `${OPEN}/playlist/${playlist.id}` },
    href: `${base}/playlists/${playlist.id}`,
    id: playlist.id,
    images: [],
    name: playlist.name,
    owner: ownerObject(world, playlist.ownerId, base),
    primary_color: null,
    public: playlist.isPublic,
    snapshot_id: world.snapshotId(playlist),
    type: "playlist" as const,
    uri: `spotify:playlist:${playlist.id}`,
  };
}
