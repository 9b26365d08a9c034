// Spotify as a metadata source: audio features and artist genres through the listener's Web API client.
// Data Spotify no longer gives this app is noticed once (a 403, or artists without `genres`) and not asked for
// again for a day, so a development-mode app spends a handful of calls, not one per artist.
import type { Database } from "bun:sqlite";
import type { MetadataFact } from "../../shared/metadata-sources.ts";
import type { Db } from "../db/client.ts";
import type { Deps } from "../deps/deps.ts";
import type { Artist, SpotifyUserApi } from "../spotify/types.ts";
import {
  isUnavailable,
  recordCapability,
  recordedStatus,
  type SpotifyCapability,
} from "./store/capabilities-repository.ts";
import { type SourceOrder, storeFeatures } from "./store/facts-repository.ts";
import {
  artistsOfLikes,
  clearCategoriesOfArtists,
  storeSpotifyArtistGenres,
  tracksWithoutFeatures,
} from "./store/repository.ts";
import { askInRounds } from "./store/rounds.ts";
import { artistsToAsk, songsToAsk } from "./store/to-ask-repository.ts";

/** Ids handed to the client per round; each round is stored before the next, so a failure keeps what arrived. */
const ROUND = 1000;

export interface SpotifyStepResult {
  artistsFetched: number;
  featuresFetched: number;
}

type SpotifyMetadataApi = Pick<SpotifyUserApi, "getArtists" | "getAudioFeatures">;

/** Fetches from Spotify the features and artist genres the user's liked tracks lack and Spotify still gives. */
export async function lookUpSpotify(
  deps: Pick<Deps, "db" | "clock" | "log" | "config">,
  api: SpotifyMetadataApi,
  userId: string,
): Promise<SpotifyStepResult> {
  const step: Step = {
    db: deps.db,
    sqlite: deps.db.$client,
    order: deps.config.metadata.sources,
    log: deps.log,
    api,
    userId,
    now: deps.clock.now(),
  };
  // the artists are read before the features are stored: a song with features no longer counts as pending
  const artists = artistsStillToAsk(step);
  return {
    featuresFetched: await spotifyFeatures(step),
    artistsFetched: await spotifyArtists(step, artists),
  };
}

/**
 * Whether the whole library is to be looked through: Spotify was never asked for the capability, or refused it and
 * its day is over (what it refused was never remembered as asked). Otherwise only what is still to ask is read.
 */
const wholeLibrary = (sqlite: Database, capability: SpotifyCapability) =>
  recordedStatus(sqlite, capability) !== "available";

/** What both of Spotify's lookups work with: the database, the log, the listener's client, one time for all. */
interface Step {
  db: Db;
  sqlite: Database;
  order: SourceOrder;
  log: Deps["log"];
  api: SpotifyMetadataApi;
  userId: string;
  now: number;
}

async function spotifyFeatures({ db, sqlite, order, log, api, userId, now }: Step): Promise<number> {
  if (isUnavailable(sqlite, "audioFeatures", now)) return 0;
  let fetched = 0;
  const rounds = { source: "spotify", kind: "features", size: ROUND, now: () => now } as const;
  const candidates = wholeLibrary(sqlite, "audioFeatures")
    ? tracksWithoutFeatures(sqlite, userId)
    : songsToAsk(sqlite, userId, rounds, now);
  await askInRounds(db, rounds, candidates, async (round) => {
    const features = await api.getAudioFeatures(round);
    if (features === "unavailable") {
      recordCapability(sqlite, "audioFeatures", "unavailable", now);
      log.info("Spotify gives this app no audio features: other sources are used for a day");
      return "stop";
    }
    recordCapability(sqlite, "audioFeatures", "available", now);
    const found = new Map(features.map((f) => [f.id, f]));
    storeFeatures(db, found, "spotify", now, order);
    fetched += found.size;
    return new Set(found.keys());
  });
  return fetched;
}

/** Artists without `genres` (or with neither genres nor popularity): the fields are gone for this app. */
const genresGone = (artists: readonly Artist[]) =>
  artists.length > 0 &&
  artists.every((a) => !Array.isArray(a.genres) || (a.genres.length === 0 && a.popularity === undefined));

const ARTIST_QUESTION = { source: "spotify", kind: "artist" } as const;

function artistsStillToAsk({ sqlite, userId, now }: Step): string[] {
  if (isUnavailable(sqlite, "artistGenres", now)) return [];
  return wholeLibrary(sqlite, "artistGenres")
    ? artistsOfLikes(sqlite, userId)
    : artistsToAsk(sqlite, userId, ARTIST_QUESTION, now, ROUND);
}

async function spotifyArtists({ db, sqlite, log, api, now }: Step, candidates: string[]): Promise<number> {
  if (candidates.length === 0) return 0;
  let fetched = 0;
  // The first round asks about one artist: if Spotify answers it without genres, nothing more is asked.
  const rounds = { ...ARTIST_QUESTION, size: ROUND, firstSize: 1, now: () => now };
  await askInRounds(db, rounds, candidates, async (round) => {
    const artists = await api.getArtists(round);
    if (genresGone(artists)) {
      recordCapability(sqlite, "artistGenres", "unavailable", now);
      log.info("Spotify answers artists without genres: MusicBrainz is used for a day");
      return "stop";
    }
    if (artists.length > 0) recordCapability(sqlite, "artistGenres", "available", now);
    storeSpotifyArtists(db, artists, now);
    fetched += artists.length;
    return new Set(artists.map((a) => a.id));
  });
  return fetched;
}

function storeSpotifyArtists(db: Db, found: readonly Artist[], now: number) {
  storeSpotifyArtistGenres(
    db,
    found.map((a) => ({ id: a.id, name: a.name ?? "", genres: a.genres ?? [] })),
    now,
  );
  clearCategoriesOfArtists(
    db.$client,
    found.map((a) => a.id),
  );
}

/** Whether Spotify still gives this app the fact (what it refused is not asked for again for a day). */
export function spotifyGives(sqlite: Database, fact: MetadataFact, now: number): boolean {
  if (fact === "features" || fact === "tempo") return !isUnavailable(sqlite, "audioFeatures", now);
  if (fact === "genres") return !isUnavailable(sqlite, "artistGenres", now);
  return false;
}
