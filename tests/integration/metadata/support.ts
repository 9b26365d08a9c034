// Crate in real mode against a Spotify emulator that behaves like a development-mode app of 2026 and the three
// metadata emulators on their own port, plus what the emulators know (the oracle the tests compare against).
import {
  type MetadataEmulatorServer,
  startMetadataEmulatorServer,
} from "../../../src/emulators/metadata-server.ts";
import { metadataWorldFor } from "../../../src/emulators/metadata-world/world.ts";
import { DEFAULT_SEED } from "../../../src/emulators/spotify/index.ts";
import { startSpotifyEmulatorServer } from "../../../src/emulators/spotify/server.ts";
import {
  type OpenMetadataSourceName,
  openMetadataSourceNames,
} from "../../../src/shared/metadata-sources.ts";
import { type FastClock, fastClock } from "../../support/fast-clock.ts";
import { startTestServer } from "../../support/server.ts";
import { credentials, type Harness } from "../distribution/support.ts";

export const catalogueSize = { artists: 300, tracks: 3_000 };

export interface MetadataHarness extends Harness {
  metadata: MetadataEmulatorServer;
  /** the sources' clock, shared by Crate's clients and the emulators (a restarted server is given it too) */
  sourcesClock: FastClock;
  /** waits until the background lookups and their follow-up distributions are done */
  settled(): Promise<void>;
  calls(source: OpenMetadataSourceName): Promise<{
    total: number;
    counts: Record<string, number>;
    violations: number;
    userAgents: string[];
  }>;
  resetCalls(): Promise<void>;
  faults(source: OpenMetadataSourceName, settings: Record<string, unknown>): Promise<void>;
}

/**
 * How much faster than real time the metadata sources' clock runs: their paces (MusicBrainz's second between
 * calls), backoffs and Retry-Afters, and the limits their emulators count, all on one fast clock.
 */
const SOURCES_SPEED = 10;

export async function startMetadataHarness(env: Record<string, string> = {}): Promise<MetadataHarness> {
  const clock = fastClock(SOURCES_SPEED);
  const spotify = startSpotifyEmulatorServer({ port: 0, ...credentials, catalogueSize, app: "development" });
  const metadata = startMetadataEmulatorServer({ port: 0, catalogueSize, now: clock.now });
  const crate = await startTestServer(
    {
      SPOTIFY_CLIENT_ID: credentials.clientId,
      SPOTIFY_CLIENT_SECRET: credentials.clientSecret,
      SPOTIFY_ACCOUNTS_URL: spotify.accountsUrl,
      SPOTIFY_API_URL: spotify.apiUrl,
      METADATA_SOURCES: "spotify,reccobeats,musicbrainz,deezer",
      ...metadata.urlSettings,
      MUSICBRAINZ_CONTACT: "ops@crate.example",
      PREMIUM: "off",
      ...env,
    },
    undefined,
    { metadataTime: clock },
  );
  const control = (source: string) => `${metadata.url}/emulator/${source}/control`;
  return {
    crate,
    spotify,
    metadata,
    sourcesClock: clock,
    settled: () => crate.deps.metadataLookups.idle(),
    async calls(source) {
      return (await fetch(`${control(source)}/calls`)).json();
    },
    async resetCalls() {
      for (const s of openMetadataSourceNames) await fetch(`${control(s)}/calls/reset`, { method: "POST" });
      spotify.control.resetCalls();
    },
    async faults(source, settings) {
      await fetch(`${control(source)}/faults`, { method: "PUT", body: JSON.stringify(settings) });
    },
    async dispose() {
      await crate.dispose();
      await spotify.stop();
      await metadata.stop();
    },
  };
}

export const world = () => metadataWorldFor({ seed: DEFAULT_SEED, catalogueSize });

/** The tempo the first source that knows the song gives: ReccoBeats (Spotify's values), else Deezer's bpm above 0. */
export function expectedTempo(trackId: string): number | null {
  const w = world();
  const recco = w.reccoBeats(trackId);
  if (recco?.track.features) return recco.track.features.tempo;
  const index = w.catalogue.trackIndexOf(trackId);
  const track = index === undefined ? undefined : w.catalogue.track(index);
  const deezer = track ? w.deezer(track.isrc) : undefined;
  return deezer && deezer.bpm > 0 ? deezer.bpm : null;
}
