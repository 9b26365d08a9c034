// The emulator alone on a port, for tests that point Crate's SPOTIFY_* URLs at it as if it were Spotify.
import { demoCredentials } from "../../shared/demo-credentials.ts";
import type { SpotifyEmulatorControl } from "./control.ts";
import { createSpotifyEmulator, type SpotifyEmulatorOptions } from "./index.ts";

export interface SpotifyEmulatorServerOptions extends Partial<SpotifyEmulatorOptions> {
  /** 0 picks a free port */
  port: number;
}

export interface SpotifyEmulatorServer {
  /** origin, e.g. http://localhost:41234 (paths stay under /emulator/spotify) */
  url: string;
  accountsUrl: string;
  apiUrl: string;
  control: SpotifyEmulatorControl;
  stop(): Promise<void>;
}

export function startSpotifyEmulatorServer(options: SpotifyEmulatorServerOptions): SpotifyEmulatorServer {
  const emulator = createSpotifyEmulator({
    ...options,
    clientId: options.clientId ?? demoCredentials.spotifyClientId,
    clientSecret: options.clientSecret ?? demoCredentials.spotifyClientSecret,
  });
  const server = Bun.serve({ port: options.port, fetch: (req, srv) => emulator.app.fetch(req, srv) });
  const url = `http://localhost:${server.port}`;
  return {
    url,
    accountsUrl: `${url}/emulator/spotify/accounts`,
    apiUrl: `${url}/emulator/spotify/v1`,
    control: emulator.control,
    async stop() {
      await server.stop(true);
      emulator.close();
    },
  };
}
