import { Hono } from "hono";
import type { Config } from "../server/config.ts";
import { paddleEmulatorFromConfig } from "./paddle/index.ts";
import { spotifyEmulatorFromConfig } from "./spotify/from-config.ts";

export interface MountedEmulators {
  fetch(req: Request): Response | Promise<Response>;
  close(): void;
}

/** The Spotify and Paddle emulators, mounted under /emulator in demo mode and in tests. */
export function createEmulators(config: Config): MountedEmulators {
  const app = new Hono().basePath("/emulator");
  const paddle = paddleEmulatorFromConfig(config);
  app.all("/paddle/*", (c) => paddle.app.fetch(c.req.raw));
  const spotify = spotifyEmulatorFromConfig(config);
  app.all("/spotify/*", (c) => spotify.app.fetch(c.req.raw));
  return {
    fetch: (req) => app.fetch(req),
    close: () => {
      paddle.close();
      spotify.close();
    },
  };
}
