import { Hono } from "hono";
import { createMetadataEmulators, metadataEmulatorNames } from "./metadata.ts";
import { createPaddleEmulator } from "./paddle/index.ts";
import { createSpotifyEmulator, type SpotifyEmulatorApp } from "./spotify/index.ts";
import { stateFileBeside } from "./state-files.ts";

/**
 * What the mounted emulators need to know, in their own terms: the emulators implement the providers' public
 * APIs and share no types with Crate's server, so the composition root builds this from Crate's configuration.
 */
export interface EmulatorOptions {
  /** Crate's database file: each emulator keeps its state in a file beside it (in memory for an in-memory one) */
  databasePath: string;
  /** redirectUris: the app's registered ones (any http(s) URI when unset) */
  spotify: {
    clientId: string;
    clientSecret: string;
    app: SpotifyEmulatorApp;
    redirectUris?: readonly string[];
  };
  /** webhookUrl: where the notifications are posted */
  paddle: { apiKey: string; webhookSecret: string; priceId: string; webhookUrl: string };
}

export interface MountedEmulators {
  /** server: the Bun server, so the control APIs can tell loopback clients from others */
  fetch(req: Request, server?: unknown): Response | Promise<Response>;
  /**
   * Paddle sells the yearly subscription to a buyer, as a paid checkout would, and sends its notifications (the
   * demo's premium listener at its first sign-in); resolves once they were sent
   */
  sellSubscription(buyer: { userId: string; email: string }): Promise<unknown>;
  close(): void;
}

/** The Spotify, Paddle, ReccoBeats, MusicBrainz and Deezer emulators, mounted under /emulator in demo mode and in tests. */
export function createEmulators(options: EmulatorOptions): MountedEmulators {
  const app = new Hono().basePath("/emulator");
  const paddle = createPaddleEmulator({
    ...options.paddle,
    statePath: stateFileBeside(options.databasePath, "paddle-emulator.db"),
  });
  app.all("/paddle/*", (c) => paddle.app.fetch(c.req.raw, c.env));
  const spotify = createSpotifyEmulator({
    ...options.spotify,
    statePath: stateFileBeside(options.databasePath, "spotify-emulator.db"),
  });
  app.all("/spotify/*", (c) => spotify.app.fetch(c.req.raw, c.env));
  const metadata = createMetadataEmulators();
  for (const name of metadataEmulatorNames)
    app.all(`/${name}/*`, (c) => metadata[name].app.fetch(c.req.raw, c.env));
  return {
    fetch: (req, server) => app.fetch(req, server),
    sellSubscription: (buyer) => paddle.world.purchase({ priceId: options.paddle.priceId, ...buyer }),
    close: () => {
      paddle.close();
      spotify.close();
    },
  };
}
