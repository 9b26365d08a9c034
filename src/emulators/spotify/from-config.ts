import { dirname, join } from "node:path";
import type { Config } from "../../server/config.ts";
import { createSpotifyEmulator, type SpotifyEmulator } from "./index.ts";

/** The emulator as demo mode mounts it: Crate's client credentials, state in a file beside Crate's database. */
export function spotifyEmulatorFromConfig(config: Config): SpotifyEmulator {
  return createSpotifyEmulator({
    clientId: config.spotify.clientId,
    clientSecret: config.spotify.clientSecret,
    statePath: spotifyStatePath(config.databasePath),
    app: config.spotifyEmulatorApp,
  });
}

/** `<database folder>/spotify-emulator.db`; none for in-memory databases. */
export function spotifyStatePath(databasePath: string): string | undefined {
  if (databasePath === ":memory:" || databasePath.startsWith("file::memory:")) return undefined;
  return join(dirname(databasePath), "spotify-emulator.db");
}
