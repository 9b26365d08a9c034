import { Hono } from "hono";
import type { Config } from "../server/config.ts";

export interface MountedEmulators {
  fetch(req: Request): Response | Promise<Response>;
  close(): void;
}

/** The Spotify and Paddle emulators, mounted under /emulator in demo mode and in tests. */
export function createEmulators(_config: Config): MountedEmulators {
  const app = new Hono().basePath("/emulator");
  return { fetch: (req) => app.fetch(req), close: () => {} };
}
