// The metadata emulators alone on a port, for tests that point Crate's `<NAME>_URL` settings (each open source's
// base URL) at them as if they were the real services.
import { Hono } from "hono";
import { metadataUrlSetting, type OpenMetadataSourceName } from "../shared/metadata-sources.ts";
import {
  createMetadataEmulators,
  type MetadataEmulators,
  metadataEmulatorNames,
  metadataEmulatorUrls,
} from "./metadata.ts";

export interface MetadataEmulatorServer {
  url: string;
  /** each source's base URL */
  urls: Record<OpenMetadataSourceName, string>;
  /** the settings that point Crate at these emulators: `{ RECCOBEATS_URL: …, … }` */
  urlSettings: Record<string, string>;
  emulators: MetadataEmulators;
  stop(): Promise<void>;
}

export function startMetadataEmulatorServer(options: {
  port: number;
  seed?: number;
  catalogueSize?: { artists: number; tracks: number };
  /** the clock the rate limits are counted on */
  now?: () => number;
}): MetadataEmulatorServer {
  const emulators = createMetadataEmulators(options);
  const app = new Hono();
  for (const name of metadataEmulatorNames)
    app.all(`/emulator/${name}/*`, (c) => emulators[name].app.fetch(c.req.raw));
  const server = Bun.serve({ port: options.port, fetch: (req) => app.fetch(req) });
  const url = `http://localhost:${server.port}`;
  const urls = metadataEmulatorUrls(url);
  return {
    url,
    urls,
    urlSettings: Object.fromEntries(
      metadataEmulatorNames.map((name) => [metadataUrlSetting(name), urls[name]]),
    ),
    emulators,
    stop: () => server.stop(true),
  };
}
