// What the open metadata sources know about the emulated Spotify catalogue (same seed, same songs), with the
// partial coverage of reality: ReccoBeats misses songs, MusicBrainz links most artists to Spotify but not all
// and spells tags its own way, Deezer knows most ISRCs but often has bpm 0. Every fact is a pure function of the seed.
import {
  type Catalogue,
  type CatalogueArtist,
  type CatalogueTrack,
  defaultCatalogueSize,
} from "../spotify/model/catalogue.ts";
import { createRng, mix } from "../spotify/model/random.ts";
import { catalogueFor } from "../spotify/model/runtime.ts";
import { countryOfGenres } from "./countries.ts";

export interface MetadataWorldOptions {
  seed: number;
  catalogueSize?: { artists: number; tracks: number };
}

/** Shares of coverage, as reported for the real services. */
export const coverage = {
  reccobeatsTracks: 0.7,
  musicbrainzSpotifyLinks: 0.85,
  musicbrainzRecordings: 0.9,
  deezerTracks: 0.92,
  deezerBpmZero: 0.35,
} as const;

export interface MbArtist {
  mbid: string;
  name: string;
  sortName: string;
  country: string | null;
  type: "Person" | "Group";
  /** true when MusicBrainz has a "free streaming" URL relation to the Spotify artist */
  spotifyLinked: boolean;
  genres: { name: string; count: number }[];
  tags: { name: string; count: number }[];
  spotifyId: string;
}

const uuid = (...parts: number[]): string => {
  const hex = [1, 2, 3, 4]
    .map((k) =>
      mix(...parts, k)
        .toString(16)
        .padStart(8, "0"),
    )
    .join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** MusicBrainz's own spellings of genre names: hyphens, joined words, capitals. */
function mbSpelling(genre: string, chance: () => number): string {
  let name = genre;
  if (chance() < 0.5) name = name.replace(/\bhip hop\b/g, "hip-hop");
  if (chance() < 0.5)
    name = name.replace(/\bsynthpop\b/g, "synth-pop").replace(/\belectropop\b/g, "electro-pop");
  if (chance() < 0.2) name = name.replace(/\b\w/g, (c) => c.toUpperCase());
  return name;
}

export class MetadataWorld {
  readonly catalogue: Catalogue;
  private readonly artists = new Map<number, MbArtist>();
  private byMbid: Map<string, number> | null = null;
  private byIsrc: Map<string, number[]> | null = null;

  constructor(private readonly options: MetadataWorldOptions) {
    this.catalogue = catalogueFor(options.seed, options.catalogueSize ?? defaultCatalogueSize);
  }

  private get seed() {
    return this.options.seed;
  }

  mbArtist(index: number): MbArtist | undefined {
    const source = this.catalogue.artists[index];
    if (!source) return undefined;
    let artist = this.artists.get(index);
    if (!artist) {
      artist = this.buildArtist(source);
      this.artists.set(index, artist);
    }
    return artist;
  }

  private buildArtist(source: CatalogueArtist): MbArtist {
    const rng = createRng(mix(this.seed, 0x6d62, source.index));
    const named = source.genres.map((g) => ({
      name: mbSpelling(g, () => rng.next()),
      count: rng.int(1, 12),
    }));
    const tags = [...named];
    if (rng.chance(0.3)) tags.push({ name: "seen live", count: 1 });
    if (rng.chance(0.05)) tags.push({ name: "awful", count: -1 });
    const genres = named.filter(() => rng.chance(0.6));
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    return {
      mbid: uuid(this.seed, 0x6d62, source.index),
      name: source.name,
      sortName: source.name,
      country: countryOfGenres(source.genres) ?? (rng.chance(0.6) ? "US" : null),
      type: rng.chance(0.5) ? "Person" : "Group",
      spotifyLinked: rng.chance(coverage.musicbrainzSpotifyLinks),
      genres: genres.sort(byName),
      tags: tags.sort(byName),
      spotifyId: source.id,
    };
  }

  artistByMbid(mbid: string): MbArtist | undefined {
    if (!this.byMbid) {
      this.byMbid = new Map();
      for (let i = 0; i < this.catalogue.artists.length; i++) {
        const artist = this.mbArtist(i);
        if (artist) this.byMbid.set(artist.mbid, i);
      }
    }
    const index = this.byMbid.get(mbid);
    return index === undefined ? undefined : this.mbArtist(index);
  }

  artistBySpotifyId(id: string): MbArtist | undefined {
    const index = this.catalogue.artistIndex.get(id);
    return index === undefined ? undefined : this.mbArtist(index);
  }

  /** Tracks with this ISRC that MusicBrainz has recordings of. */
  recordingsOfIsrc(isrc: string): CatalogueTrack[] {
    if (!this.byIsrc) {
      this.byIsrc = new Map();
      for (let i = 0; i < this.catalogue.trackCount; i++) {
        const track = this.catalogue.track(i);
        if (!track || !this.knows(0x7265, i, coverage.musicbrainzRecordings)) continue;
        this.byIsrc.set(track.isrc, [...(this.byIsrc.get(track.isrc) ?? []), i]);
      }
    }
    return (this.byIsrc.get(isrc.toUpperCase()) ?? []).map((i) => this.catalogue.track(i) as CatalogueTrack);
  }

  recordingId(track: CatalogueTrack): string {
    return uuid(this.seed, 0x7265, track.index);
  }

  /** ReccoBeats' features of a Spotify track (its own id besides), or undefined when it does not know the song. */
  reccoBeats(spotifyId: string): { id: string; track: CatalogueTrack } | undefined {
    const index = this.catalogue.trackIndexOf(spotifyId);
    const track = index === undefined ? undefined : this.catalogue.track(index);
    if (!track?.features || !this.knows(0x7263, track.index, coverage.reccobeatsTracks)) return undefined;
    return { id: uuid(this.seed, 0x7263, track.index), track };
  }

  /** Deezer's track for an ISRC: its bpm is 0 (unknown) for many songs and sometimes doubled for slow ones. */
  deezer(isrc: string): { id: number; track: CatalogueTrack; bpm: number } | undefined {
    const [first] = this.recordingsOfIsrcAll(isrc);
    if (!first || !this.knows(0x647a, first.index, coverage.deezerTracks)) return undefined;
    const rng = createRng(mix(this.seed, 0x6270, first.index));
    const tempo = first.features?.tempo ?? 0;
    let bpm = rng.chance(coverage.deezerBpmZero) ? 0 : Math.round(tempo * 10) / 10;
    if (bpm > 0 && bpm < 70 && rng.chance(0.2)) bpm = Math.round(bpm * 20) / 10;
    return { id: 1_000_000 + first.index, track: first, bpm };
  }

  private allIsrc: Map<string, number> | null = null;

  private recordingsOfIsrcAll(isrc: string): CatalogueTrack[] {
    if (!this.allIsrc) {
      this.allIsrc = new Map();
      for (let i = 0; i < this.catalogue.trackCount; i++) {
        const track = this.catalogue.track(i);
        if (track && !this.allIsrc.has(track.isrc)) this.allIsrc.set(track.isrc, i);
      }
    }
    const index = this.allIsrc.get(isrc.toUpperCase());
    return index === undefined ? [] : [this.catalogue.track(index) as CatalogueTrack];
  }

  /**
   * Whether a source knows the catalogue item `index`: true for about `share` of them, the same answer for the same
   * seed. `kind` tells the sources' draws apart (any number of the source's own); a source's emulator decides its
   * coverage with it in its own folder.
   */
  knows(kind: number, index: number, share: number): boolean {
    return createRng(mix(this.seed, kind, index, 0x6b)).next() < share;
  }
}

const worlds = new Map<string, MetadataWorld>();

/** One world per seed and size in the process (the three emulators share it). */
export function metadataWorldFor(options: MetadataWorldOptions): MetadataWorld {
  const size = options.catalogueSize ?? defaultCatalogueSize;
  const key = `${options.seed}:${size.artists}:${size.tracks}`;
  let world = worlds.get(key);
  if (!world) {
    world = new MetadataWorld(options);
    worlds.set(key, world);
  }
  return world;
}
