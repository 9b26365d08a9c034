// The three metadata emulators alone on a port, for tests that point Crate's RECCOBEATS_URL, MUSICBRAINZ_URL and
// DEEZER_URL at them as if they were the real services.
import { Hono } from "hono";
import { createMetadataEmulators } from "./metadata.ts";

export interface MetadataEmulatorServer {
  url: string;
  reccobeatsUrl: string;
  musicbrainzUrl: string;
  deezerUrl: string;
  emulators: ReturnType<typeof createMetadataEmulators>;
  stop(): Promise<void>;
}

export function startMetadataEmulatorServer(options: {
  port: number;
  seed?: number;
  catalogueSize?: { artists: number; tracks: number };
}): MetadataEmulatorServer {
  const emulators = createMetadataEmulators(options);
  const app = new Hono();
  app.all("/emulator/reccobeats/*", (c) => emulators.reccobeats.app.fetch(c.req.raw));
  app.all("/emulator/musicbrainz/*", (c) => emulators.musicbrainz.app.fetch(c.req.raw));
  app.all("/emulator/deezer/*", (c) => emulators.deezer.app.fetch(c.req.raw));
  const server = Bun.serve({ port: options.port, fetch: (req) => app.fetch(req) });
  const url = `http://localhost:${server.port}`;
  return {
    url,
    reccobeatsUrl: `${url}/emulator/reccobeats/v1`,
    musicbrainzUrl: `${url}/emulator/musicbrainz/ws/2`,
    deezerUrl: `${url}/emulator/deezer`,
    emulators,
    stop: () => server.stop(true),
  };
}
