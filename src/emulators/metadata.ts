import { createDeezerEmulator } from "./deezer/index.ts";
import { createMusicBrainzEmulator } from "./musicbrainz/index.ts";
import { createReccoBeatsEmulator } from "./reccobeats/index.ts";
import { DEFAULT_SEED } from "./spotify/index.ts";

/** The metadata emulators on the Spotify emulator's catalogue (same seed), as demo mode mounts them. */
export function createMetadataEmulators(
  options: { seed?: number; catalogueSize?: { artists: number; tracks: number } } = {},
) {
  const world = { seed: options.seed ?? DEFAULT_SEED, catalogueSize: options.catalogueSize };
  return {
    reccobeats: createReccoBeatsEmulator(world),
    musicbrainz: createMusicBrainzEmulator(world),
    deezer: createDeezerEmulator(world),
  };
}
