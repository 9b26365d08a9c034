import { Hono } from "hono";
import type { Config } from "../server/config.ts";
import { createMetadataEmulators } from "./metadata.ts";
import { paddleEmulatorFromConfig } from "./paddle/index.ts";
import { spotifyEmulatorFromConfig } from "./spotify/from-config.ts";

export interface MountedEmulators {
  /** server: the Bun server, so the control APIs can tell loopback clients from others */
  fetch(req: Request, server?: unknown): Response | Promise<Response>;
  close(): void;
}

/** The Spotify, Paddle, ReccoBeats, MusicBrainz and Deezer emulators, mounted under /emulator in demo mode and in tests. */
export function createEmulators(config: Config): MountedEmulators {
  const app = new Hono().basePath("/emulator");
  const paddle = paddleEmulatorFromConfig(config);
  app.all("/paddle/*", (c) => paddle.app.fetch(c.req.raw, c.env));
  const spotify = spotifyEmulatorFromConfig(config);
  app.all("/spotify/*", (c) => spotify.app.fetch(c.req.raw, c.env));
  const metadata = createMetadataEmulators();
  app.all("/reccobeats/*", (c) => metadata.reccobeats.app.fetch(c.req.raw, c.env));
  app.all("/musicbrainz/*", (c) => metadata.musicbrainz.app.fetch(c.req.raw, c.env));
  app.all("/deezer/*", (c) => metadata.deezer.app.fetch(c.req.raw, c.env));
  return {
    fetch: (req, server) => app.fetch(req, server),
    close: () => {
      paddle.close();
      spotify.close();
    },
  };
}
