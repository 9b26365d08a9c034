// Enrichment of a user's liked songs: Spotify's own metadata at once (through the user's client), then the open
// sources in the background, shared by all users (src/server/metadata). A distribution plans with what is known;
// songs whose facts arrive later are placed by a follow-up pass.
import type { Deps } from "../deps/deps.ts";
import { factAvailable } from "../metadata/available.ts";
import { lookUpSpotify } from "../metadata/spotify-source.ts";
import type { SpotifyUserApi } from "../spotify/types.ts";

export interface EnrichResult {
  artistsFetched: number;
  featuresFetched: number;
  featuresUnavailable: boolean;
}

/** True when no configured source can give audio features (mood playlists cannot be filled). */
export function audioFeaturesUnavailable(deps: Pick<Deps, "db" | "config" | "clock">): boolean {
  return !factAvailable(deps, "features");
}

/** Fetches what Spotify gives for the user's songs and queues the open-source lookups for the rest. */
export async function enrichLibrary(
  deps: Deps,
  api: Pick<SpotifyUserApi, "getArtists" | "getAudioFeatures">,
  userId: string,
): Promise<EnrichResult> {
  const spotify = deps.config.metadata.sources.includes("spotify")
    ? await lookUpSpotify(deps, api, userId)
    : { artistsFetched: 0, featuresFetched: 0 };
  deps.metadataLookups.schedule(userId);
  return { ...spotify, featuresUnavailable: audioFeaturesUnavailable(deps) };
}
