// MusicBrainz: artists through their Spotify artist URLs (id and country), artists MusicBrainz does not link to
// Spotify through their songs' ISRCs, then the tags of every linked artist, each 100 a call. It asks about the
// pass's artists whatever the other sources gave (Spotify's genres win at classification, its country fills in).
import type { Database } from "bun:sqlite";
import type { PassDeps, SourcePass } from "../../source-base/definition.ts";
import { storeArtistLink, storeArtistTags } from "../../store/facts-repository.ts";
import { askable, recordLookups, wasAsked } from "../../store/lookups-repository.ts";
import {
  clearCategoriesOfArtists,
  type PassArtist,
  type PassTrack,
  passArtists,
} from "../../store/repository.ts";
import { askInRounds, type Rounds } from "../../store/rounds.ts";
import { MUSICBRAINZ_BATCH, type MusicBrainzClient } from "./client.ts";

type ArtistRow = PassArtist;

function loadArtists(sqlite: Database, tracks: readonly PassTrack[]): Map<string, ArtistRow> {
  const ids = [...new Set(tracks.flatMap((t) => t.artistIds))];
  const rows = passArtists(sqlite, ids);
  return new Map(rows.map((r) => [r.id, r]));
}

/** MusicBrainz's rounds of a question: 100 keys a call, on the pass's clock. */
const rounds = (deps: PassDeps, kind: "url" | "tags"): Rounds => ({
  source: "musicbrainz",
  kind,
  size: MUSICBRAINZ_BATCH,
  now: () => deps.clock.now(),
});

export const lookUpMusicBrainz = ({
  deps,
  client,
  tracks,
  changed,
  progress,
}: SourcePass<MusicBrainzClient>) => lookUpArtists(deps, client, tracks, (ids) => changed(ids), progress);

/** Looks the tracks' artists up; `changed` is told the tracks whose artists' facts changed. */
async function lookUpArtists(
  deps: PassDeps,
  mb: MusicBrainzClient,
  tracks: readonly PassTrack[],
  changed: (trackIds: string[]) => void,
  onProgress: () => void,
): Promise<void> {
  const sqlite = deps.db.$client;
  const tracksOfArtist = new Map<string, PassTrack[]>();
  for (const t of tracks) {
    for (const a of t.artistIds) tracksOfArtist.set(a, [...(tracksOfArtist.get(a) ?? []), t]);
  }
  const touched = new Set<string>();
  const markChanged = (artistId: string) => {
    touched.add(artistId);
    changed((tracksOfArtist.get(artistId) ?? []).map((t) => t.id));
  };

  // 1. Spotify artist URL → MusicBrainz artist (id, country), 100 a call.
  const artists = loadArtists(sqlite, tracks);
  const unlinked = [...artists.values()].filter((a) => a.mbid === null).map((a) => a.id);
  await askInRounds(deps.db, rounds(deps, "url"), unlinked, async (round) => {
    const found = await mb.artistsBySpotifyIds(round);
    for (const [artistId, ref] of found) {
      storeArtistLink(deps.db, artistId, ref.mbid, ref.country);
      const artist = artists.get(artistId);
      if (artist) artist.mbid = ref.mbid;
      markChanged(artistId);
    }
    onProgress();
    return new Set(found.keys());
  });

  // 2. Artists MusicBrainz does not link to Spotify: through their songs' ISRCs.
  await lookUpByIsrcs(deps, mb, artists, tracksOfArtist, markChanged, onProgress);

  // 3. Tags and country of the linked artists, 100 a call (Spotify's genres win where present).
  const mbids = [...new Set([...artists.values()].flatMap((a) => (a.mbid === null ? [] : [a.mbid])))];
  const artistsOfMbid = new Map<string, string[]>();
  for (const a of artists.values())
    if (a.mbid) artistsOfMbid.set(a.mbid, [...(artistsOfMbid.get(a.mbid) ?? []), a.id]);
  await askInRounds(deps.db, rounds(deps, "tags"), mbids, async (round) => {
    const found = await mb.tagsByMbids(round);
    const now = deps.clock.now();
    for (const [mbid, facts] of found) {
      storeArtistTags(deps.db, mbid, facts.tags, facts.country, now);
      for (const artistId of artistsOfMbid.get(mbid) ?? []) markChanged(artistId);
    }
    onProgress();
    return new Set(found.keys());
  });
  clearCategoriesOfArtists(sqlite, [...touched]);
}

/**
 * Each unlinked artist is looked for through its songs' ISRCs, 100 ISRCs a call, the artists taking turns; an
 * artist whose song MusicBrainz lacks is tried with its next song, so an artist MusicBrainz credits on any of the
 * library's songs is found. An artist found on no song is a miss (asked again after 30 days).
 */
async function lookUpByIsrcs(
  deps: PassDeps,
  mb: MusicBrainzClient,
  artists: Map<string, ArtistRow>,
  tracksOfArtist: ReadonlyMap<string, PassTrack[]>,
  markChanged: (artistId: string) => void,
  onProgress: () => void,
): Promise<void> {
  const now = deps.clock.now();
  /** per unlinked artist, the ISRCs of its songs not yet asked about */
  const pending = new Map<string, string[]>();
  for (const artist of artists.values()) {
    if (artist.mbid !== null || !wasAsked(deps.db, "musicbrainz", "url", artist.id, now)) continue;
    if (wasAsked(deps.db, "musicbrainz", "artist-isrc", artist.id, now)) continue;
    const isrcs = [
      ...new Set((tracksOfArtist.get(artist.id) ?? []).flatMap((t) => (t.isrc ? [t.isrc] : []))),
    ];
    pending.set(artist.id, askable(deps.db, "musicbrainz", "isrc", isrcs, now));
  }
  const trackOfIsrc = new Map<string, PassTrack>();
  for (const list of tracksOfArtist.values())
    for (const t of list) if (t.isrc && !trackOfIsrc.has(t.isrc)) trackOfIsrc.set(t.isrc, t);

  const asked = new Set<string>();
  while (pending.size > 0) {
    const batch = nextIsrcBatch(pending, asked);
    const found = batch.length > 0 ? await mb.artistsByIsrcs(batch) : new Map();
    const linked = new Set<string>();
    for (const [isrc, credits] of found) {
      const track = trackOfIsrc.get(isrc);
      if (!track) continue;
      for (const [artistId, mbid] of matchCredits(track, artists, credits)) {
        storeArtistLink(deps.db, artistId, mbid, null);
        const artist = artists.get(artistId);
        if (artist) artist.mbid = mbid;
        markChanged(artistId);
        linked.add(artistId);
        pending.delete(artistId);
      }
    }
    const at = deps.clock.now();
    recordLookups(deps.db, "musicbrainz", "isrc", batch, new Set(found.keys()), at);
    // an artist with no song left to try is a miss; one found is a hit
    const exhausted = [...pending].filter(([, isrcs]) => isrcs.length === 0).map(([id]) => id);
    for (const id of exhausted) pending.delete(id);
    recordLookups(deps.db, "musicbrainz", "artist-isrc", [...exhausted, ...linked], linked, at);
    if (batch.length > 0) onProgress();
  }
}

/** Up to 100 ISRCs not yet asked, one song of each pending artist in turn, taken off their lists. */
function nextIsrcBatch(pending: Map<string, string[]>, asked: Set<string>): string[] {
  const batch = new Set<string>();
  for (let more = true; more && batch.size < MUSICBRAINZ_BATCH; ) {
    more = false;
    for (const isrcs of pending.values()) {
      if (batch.size >= MUSICBRAINZ_BATCH) break;
      let isrc = isrcs.shift();
      while (isrc !== undefined && asked.has(isrc)) isrc = isrcs.shift();
      if (isrc === undefined) continue;
      asked.add(isrc);
      batch.add(isrc);
      more = true;
    }
  }
  return [...batch];
}

const nameKey = (name: string) =>
  name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");

/** Pairs the track's unlinked Spotify artists with the recording's credited artists: by name, else one with one. */
function matchCredits(
  track: PassTrack,
  artists: ReadonlyMap<string, ArtistRow>,
  credits: readonly { mbid: string; name: string }[],
): [string, string][] {
  const unlinked = track.artistIds
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
