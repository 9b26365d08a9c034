import { metadataSources, type OpenMetadataSourceName } from "../shared/metadata-sources.ts";
import { createDeezerEmulator } from "./deezer/index.ts";
import { createMusicBrainzEmulator } from "./musicbrainz/index.ts";
import { createReccoBeatsEmulator } from "./reccobeats/index.ts";
import { DEFAULT_SEED } from "./spotify/index.ts";

type WorldOptions = {
  seed: number;
  catalogueSize?: { artists: number; tracks: number };
  /** the clock the rate limits are counted on (tests give the one their clients use) */
  now?: () => number;
};

type CreateEmulator = (world: WorldOptions) => {
  app: { fetch(req: Request, env?: unknown): Response | Promise<Response> };
};

/**
 * The open metadata sources' emulators, one line each, every one mounted at `/emulator/<source>` with its API at
 * the declaration's `emulatorPath` below that (src/shared/metadata-sources.ts).
 */
const metadataEmulators = {
  reccobeats: createReccoBeatsEmulator,
  musicbrainz: createMusicBrainzEmulator,
  deezer: createDeezerEmulator,
} satisfies Record<OpenMetadataSourceName, CreateEmulator>;

export type MetadataEmulators = {
  [Name in OpenMetadataSourceName]: ReturnType<(typeof metadataEmulators)[Name]>;
};

export const metadataEmulatorNames = Object.keys(metadataEmulators) as OpenMetadataSourceName[];

/** The base URL of each emulated API, given the origin the emulators are served at. */
export const metadataEmulatorUrls = (origin: string): Record<OpenMetadataSourceName, string> =>
  Object.fromEntries(
    metadataEmulatorNames.map((name) => [
      name,
      `${origin}/emulator/${name}${metadataSources[name].api.emulatorPath}`,
    ]),
  ) as Record<OpenMetadataSourceName, string>;

/** The metadata emulators on the Spotify emulator's catalogue (same seed), as demo mode mounts them. */
export function createMetadataEmulators(options: Partial<WorldOptions> = {}): MetadataEmulators {
  const world = {
    seed: options.seed ?? DEFAULT_SEED,
    catalogueSize: options.catalogueSize,
    now: options.now,
  };
  return Object.fromEntries(
    metadataEmulatorNames.map((name) => [name, metadataEmulators[name](world)]),
  ) as MetadataEmulators;
}
