import type { OpenMetadataSourceName } from "../shared/metadata-sources.ts";
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

interface MetadataEmulatorEntry {
  create(world: WorldOptions): { app: { fetch(req: Request, env?: unknown): Response | Promise<Response> } };
  /** where its API sits under `/emulator/<source>` (the base URL Crate is given ends there) */
  apiPath: string;
}

/** The open metadata sources' emulators, one line each, every one mounted at `/emulator/<source>`. */
const metadataEmulators = {
  reccobeats: { create: createReccoBeatsEmulator, apiPath: "/v1" },
  musicbrainz: { create: createMusicBrainzEmulator, apiPath: "/ws/2" },
  deezer: { create: createDeezerEmulator, apiPath: "" },
} satisfies Record<OpenMetadataSourceName, MetadataEmulatorEntry>;

export type MetadataEmulators = {
  [Name in OpenMetadataSourceName]: ReturnType<(typeof metadataEmulators)[Name]["create"]>;
};

export const metadataEmulatorNames = Object.keys(metadataEmulators) as OpenMetadataSourceName[];

/** The base URL of each emulated API, given the origin the emulators are served at. */
export const metadataEmulatorUrls = (origin: string): Record<OpenMetadataSourceName, string> =>
  Object.fromEntries(
    metadataEmulatorNames.map((name) => [
      name,
      `${origin}/emulator/${name}${metadataEmulators[name].apiPath}`,
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
    metadataEmulatorNames.map((name) => [name, metadataEmulators[name].create(world)]),
  ) as MetadataEmulators;
}
