// One lookup pass of the open sources over a set of tracks, in the configured order: ReccoBeats for features,
// MusicBrainz for artist ids, countries and tags (through Spotify artist URLs, else songs' ISRCs), Deezer for the
// bpm of songs no earlier source gave a tempo. Every answer is stored as it arrives; a source that fails is left
// for the next pass and the others go on.
import type { Database } from "bun:sqlite";
import type { MetadataSourceName } from "../../shared/metadata-sources.ts";
import type { Deps } from "../deps.ts";
import { isUnavailable } from "./capabilities.ts";
import type { MetadataClients } from "./clients.ts";
import { askable, recordLookups, wasAsked } from "./lookups.ts";
import { MUSICBRAINZ_BATCH } from "./musicbrainz.ts";
import { RECCOBEATS_BATCH } from "./reccobeats.ts";
import { clearCategoriesOfArtists } from "./spotify-source.ts";
import { storeArtistLink, storeArtistTags, storeFeatures, storeTempo } from "./store.ts";

export interface PassResult {
  /** tracks whose facts changed */
  changed: Set<string>;
  /** sources that failed in this pass (asked again in the next) */
  failed: MetadataSourceName[];
}

interface TrackRow {
  id: string;
  isrc: string | null;
  artist_ids: string;
  features_source: string | null;
  tempo: number | null;
}

interface ArtistRow {
  id: string;
  name: string;
  genres: string | null;
  mbid: string | null;
}

type PassDeps = Pick<Deps, "db" | "clock" | "log" | "config">;

/**
 * Looks up what the tracks lack; `onProgress` is told after each call, `onSourceDone` after each source has
 * answered (with what changed so far), so songs can join their playlists before the slower sources finish.
 */
export async function lookUpOpenSources(
  deps: PassDeps,
  clients: MetadataClients,
  trackIds: readonly string[],
  onProgress: () => void = () => {},
  onSourceDone: (result: PassResult) => void = () => {},
): Promise<PassResult> {
  const sources = deps.config.metadata.sources;
  const result: PassResult = { changed: new Set(), failed: [] };
  const run = async (name: MetadataSourceName, step: () => Promise<void>) => {
    if (!sources.includes(name)) return;
    try {
      await step();
    } catch (error) {
      result.failed.push(name);
      deps.log.warn("metadata source failed; asked again later", { source: name, error: String(error) });
    }
    onSourceDone(result);
  };
  // ReccoBeats first (Deezer is only asked about songs it lacks); MusicBrainz and Deezer then run side by side,
  // each at its own pace.
  await run("reccobeats", () => reccoBeats(deps, clients, trackIds, result, onProgress));
  await Promise.all([
    run("musicbrainz", () => musicBrainz(deps, clients, trackIds, result, onProgress)),
    run("deezer", () => deezer(deps, clients, trackIds, result, onProgress)),
  ]);
  return result;
}

function loadTracks(sqlite: Database, ids: readonly string[]): TrackRow[] {
  return sqlite
    .query<TrackRow, [string]>(
      `SELECT id, isrc, artist_ids, features_source, tempo FROM tracks WHERE id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(ids));
}

function loadArtists(sqlite: Database, tracks: readonly TrackRow[]): Map<string, ArtistRow> {
  const ids = [...new Set(tracks.flatMap((t) => JSON.parse(t.artist_ids) as string[]))];
  const rows = sqlite
    .query<ArtistRow, [string]>(
      "SELECT id, name, genres, mbid FROM artists WHERE id IN (SELECT value FROM json_each(?))",
    )
    .all(JSON.stringify(ids));
  return new Map(rows.map((r) => [r.id, r]));
}

async function reccoBeats(
  deps: PassDeps,
  clients: MetadataClients,
  trackIds: readonly string[],
  result: PassResult,
  onProgress: () => void,
) {
  const sqlite = deps.db.$client;
  const lacking = loadTracks(sqlite, trackIds)
    .filter((t) => t.features_source === null)
    .map((t) => t.id);
  const ids = askable(sqlite, "reccobeats", "features", lacking, deps.clock.now());
  for (let i = 0; i < ids.length; i += RECCOBEATS_BATCH) {
    const batch = ids.slice(i, i + RECCOBEATS_BATCH);
    const found = await clients.reccobeats.audioFeatures(batch);
    const now = deps.clock.now();
    storeFeatures(sqlite, found, "reccobeats", now);
    recordLookups(sqlite, "reccobeats", "features", batch, new Set(found.keys()), now);
    for (const id of found.keys()) result.changed.add(id);
    onProgress();
  }
}

async function musicBrainz(
  deps: PassDeps,
  clients: MetadataClients,
  trackIds: readonly string[],
  result: PassResult,
  onProgress: () => void,
) {
  const sqlite = deps.db.$client;
  const mb = clients.musicbrainz;
  const tracks = loadTracks(sqlite, trackIds);
  const trackById = new Map(tracks.map((t) => [t.id, t]));
  const tracksOfArtist = new Map<string, string[]>();
  for (const t of tracks) {
    for (const a of JSON.parse(t.artist_ids) as string[])
      tracksOfArtist.set(a, [...(tracksOfArtist.get(a) ?? []), t.id]);
  }
  const touched = new Set<string>();
  const markChanged = (artistId: string) => {
    touched.add(artistId);
    for (const t of tracksOfArtist.get(artistId) ?? []) result.changed.add(t);
  };

  // 1. Spotify artist URL → MusicBrainz artist (id, country), 100 a call.
  let artists = loadArtists(sqlite, tracks);
  const unlinked = [...artists.values()].filter((a) => a.mbid === null).map((a) => a.id);
  const urlIds = askable(sqlite, "musicbrainz", "url", unlinked, deps.clock.now());
  for (let i = 0; i < urlIds.length; i += MUSICBRAINZ_BATCH) {
    const batch = urlIds.slice(i, i + MUSICBRAINZ_BATCH);
    const found = await mb.artistsBySpotifyIds(batch);
    for (const [artistId, ref] of found) {
      storeArtistLink(sqlite, artistId, ref.mbid, ref.country);
      markChanged(artistId);
    }
    recordLookups(sqlite, "musicbrainz", "url", batch, new Set(found.keys()), deps.clock.now());
    onProgress();
  }

  // 2. Artists MusicBrainz does not link to Spotify: through one of their songs' ISRCs, 100 a call.
  artists = loadArtists(sqlite, tracks);
  const isrcFor = new Map<string, TrackRow>();
  const artistsOfIsrc = new Map<string, string[]>();
  for (const artist of artists.values()) {
    if (artist.mbid !== null || !wasAsked(sqlite, "musicbrainz", "url", artist.id, deps.clock.now()))
      continue;
    // One song per unlinked artist, and one attempt per artist until the miss expires.
    if (wasAsked(sqlite, "musicbrainz", "artist-isrc", artist.id, deps.clock.now())) continue;
    const candidates = (tracksOfArtist.get(artist.id) ?? [])
      .map((id) => trackById.get(id))
      .filter((t): t is TrackRow => t?.isrc != null);
    const open = askable(
      sqlite,
      "musicbrainz",
      "isrc",
      candidates.map((t) => t.isrc as string),
      deps.clock.now(),
    );
    const track = candidates.find((t) => t.isrc === open[0]);
    if (track?.isrc) {
      isrcFor.set(track.isrc, track);
      artistsOfIsrc.set(track.isrc, [...(artistsOfIsrc.get(track.isrc) ?? []), artist.id]);
    }
  }
  const isrcs = [...isrcFor.keys()];
  for (let i = 0; i < isrcs.length; i += MUSICBRAINZ_BATCH) {
    const batch = isrcs.slice(i, i + MUSICBRAINZ_BATCH);
    const found = await mb.artistsByIsrcs(batch);
    const linked = new Set<string>();
    for (const [isrc, credits] of found) {
      const track = isrcFor.get(isrc);
      if (!track) continue;
      for (const [artistId, mbid] of matchCredits(track, artists, credits)) {
        storeArtistLink(sqlite, artistId, mbid, null);
        markChanged(artistId);
        linked.add(artistId);
      }
    }
    const now = deps.clock.now();
    recordLookups(sqlite, "musicbrainz", "isrc", batch, new Set(found.keys()), now);
    const askedArtists = batch.flatMap((isrc) => artistsOfIsrc.get(isrc) ?? []);
    recordLookups(sqlite, "musicbrainz", "artist-isrc", askedArtists, linked, now);
    onProgress();
  }

  // 3. Tags and country of the linked artists, 100 a call (Spotify's genres win where present).
  artists = loadArtists(sqlite, tracks);
  const mbids = [
    ...new Set([...artists.values()].filter((a) => a.mbid !== null).map((a) => a.mbid as string)),
  ];
  const tagIds = askable(sqlite, "musicbrainz", "tags", mbids, deps.clock.now());
  const artistsOfMbid = new Map<string, string[]>();
  for (const a of artists.values())
    if (a.mbid) artistsOfMbid.set(a.mbid, [...(artistsOfMbid.get(a.mbid) ?? []), a.id]);
  for (let i = 0; i < tagIds.length; i += MUSICBRAINZ_BATCH) {
    const batch = tagIds.slice(i, i + MUSICBRAINZ_BATCH);
    const found = await mb.tagsByMbids(batch);
    const now = deps.clock.now();
    for (const [mbid, facts] of found) {
      storeArtistTags(sqlite, mbid, facts.tags, facts.country, now);
      for (const artistId of artistsOfMbid.get(mbid) ?? []) markChanged(artistId);
    }
    recordLookups(sqlite, "musicbrainz", "tags", batch, new Set(found.keys()), now);
    onProgress();
  }
  clearCategoriesOfArtists(sqlite, [...touched]);
}

const nameKey = (name: string) =>
  name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");

/** Pairs the track's unlinked Spotify artists with the recording's credited artists: by name, else one with one. */
function matchCredits(
  track: TrackRow,
  artists: ReadonlyMap<string, ArtistRow>,
  credits: readonly { mbid: string; name: string }[],
): [string, string][] {
  const unlinked = (JSON.parse(track.artist_ids) as string[])
    .map((id) => artists.get(id))
    .filter((a): a is ArtistRow => a !== undefined && a.mbid === null);
  const pairs: [string, string][] = [];
  for (const artist of unlinked) {
    const credit = credits.find((c) => nameKey(c.name) === nameKey(artist.name) && nameKey(c.name) !== "");
    if (credit) pairs.push([artist.id, credit.mbid]);
  }
  if (pairs.length === 0 && unlinked.length === 1 && credits.length === 1) {
    pairs.push([unlinked[0]?.id ?? "", credits[0]?.mbid ?? ""]);
  }
  return pairs;
}

async function deezer(
  deps: PassDeps,
  clients: MetadataClients,
  trackIds: readonly string[],
  result: PassResult,
  onProgress: () => void,
) {
  const sqlite = deps.db.$client;
  const sources = deps.config.metadata.sources;
  const now = deps.clock.now();
  // Only songs every earlier feature source has answered without a tempo (so the first source that knows wins).
  const spotifyDone = (id: string) =>
    !sources.includes("spotify") ||
    isUnavailable(sqlite, "audioFeatures", now) ||
    wasAsked(sqlite, "spotify", "features", id, now);
  const reccoDone = (id: string) =>
    !sources.includes("reccobeats") || wasAsked(sqlite, "reccobeats", "features", id, now);
  const lacking = loadTracks(sqlite, trackIds).filter(
    (t) => t.tempo === null && t.isrc !== null && spotifyDone(t.id) && reccoDone(t.id),
  );
  const open = new Set(
    askable(
      sqlite,
      "deezer",
      "bpm",
      lacking.map((t) => t.id),
      now,
    ),
  );
  for (const track of lacking) {
    if (!open.has(track.id) || track.isrc === null) continue;
    const bpm = await clients.deezer.bpmByIsrc(track.isrc);
    if (bpm !== null) {
      storeTempo(sqlite, track.id, bpm);
      result.changed.add(track.id);
    }
    recordLookups(
      sqlite,
      "deezer",
      "bpm",
      [track.id],
      new Set(bpm === null ? [] : [track.id]),
      deps.clock.now(),
    );
    onProgress();
  }
}
