// The open sources of one lookup pass run at once, each at its own pace, and the configured order still decides
// who is asked what: Deezer only about songs every earlier source of a tempo answered without one, starting with
// ReccoBeats' first answers rather than after its last. The emulators answer in process (no socket).
import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { createMetadataEmulators, type MetadataEmulators } from "../../../src/emulators/metadata.ts";
import { metadataWorldFor } from "../../../src/emulators/metadata-world/world.ts";
import { DEFAULT_SEED } from "../../../src/emulators/spotify/index.ts";
import { parseConfig } from "../../../src/server/config/config.ts";
import { openDatabase } from "../../../src/server/db/client.ts";
import { lookUpOpenMetadataSources } from "../../../src/server/metadata/open-sources.ts";
import type { PassDeps } from "../../../src/server/metadata/source-base/definition.ts";
import { createMetadataClients } from "../../../src/server/metadata/sources/clients.ts";
import { recordCapability } from "../../../src/server/metadata/store/capabilities-repository.ts";
import { systemClock } from "../../../src/server/platform/clock.ts";
import { createLogger } from "../../../src/server/platform/log.ts";
import type { OpenMetadataSourceName } from "../../../src/shared/metadata-sources.ts";
import { fastClock } from "../../support/fast-clock.ts";
import { tempDir } from "../../support/server.ts";

const catalogueSize = { artists: 60, tracks: 400 };
const world = metadataWorldFor({ seed: DEFAULT_SEED, catalogueSize });
const songs = Array.from({ length: 80 }, (_, i) => world.catalogue.track(i * 3)).filter(
  (t) => t !== undefined,
);
const dir = tempDir("crate-concurrent-pass-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let emulators: MetadataEmulators;
/** every request in the order it was sent: its source */
let sent: OpenMetadataSourceName[];
let run = 0;

beforeEach(() => {
  sent = [];
});

/**
 * A development-mode library of `songs`, the emulators and the app's clients, in the given order of sources. The
 * sources' paces, backoffs and limits run `speed` times faster than real time, for clients and emulators alike.
 */
function library(order: string, { spotifyGivesFeatures = false, speed = 10 } = {}) {
  const clock = fastClock(speed);
  emulators = createMetadataEmulators({ catalogueSize, now: clock.now });
  const { db } = openDatabase(join(dir, `crate-${++run}.db`));
  const sqlite = db.$client;
  sqlite.query("INSERT INTO users (id, spotify_id, created_at, last_login_at) VALUES ('u', 'u', 0, 0)").run();
  songs.forEach((t, n) => {
    const ids = t.artists.map((a) => world.catalogue.artists[a]?.id ?? "");
    sqlite
      .query("INSERT INTO tracks (id, name, artist_ids, isrc, fetched_at) VALUES (?, ?, ?, ?, 0)")
      .run(t.id, t.name, JSON.stringify(ids), t.isrc);
    t.artists.forEach((a, k) => {
      sqlite
        .query("INSERT OR IGNORE INTO artists (id, name) VALUES (?, ?)")
        .run(ids[k] ?? "", world.catalogue.artists[a]?.name ?? "");
    });
    sqlite.query("INSERT INTO likes (user_id, track_id, liked_at) VALUES ('u', ?, ?)").run(t.id, n);
  });
  // what a development-mode app's Spotify step learns: no features, no genres
  if (!spotifyGivesFeatures) recordCapability(sqlite, "audioFeatures", "unavailable", Date.now());
  recordCapability(sqlite, "artistGenres", "unavailable", Date.now());
  const config = parseConfig({
    JOBS: "off",
    METADATA_SOURCES: order,
    RECCOBEATS_URL: "http://sources.test/emulator/reccobeats/v1",
    MUSICBRAINZ_URL: "http://sources.test/emulator/musicbrainz/ws/2",
    DEEZER_URL: "http://sources.test/emulator/deezer",
    MUSICBRAINZ_CONTACT: "ops@crate.example",
  });
  const clients = createMetadataClients(
    config,
    (input, init) => {
      const source = new URL(input).pathname.split("/")[2] as OpenMetadataSourceName;
      sent.push(source);
      return Promise.resolve(emulators[source].app.fetch(new Request(input, init)));
    },
    undefined,
    clock,
  );
  const deps: PassDeps = { db, clock: systemClock, log: createLogger("silent"), config };
  const pass = () =>
    lookUpOpenMetadataSources(
      deps,
      clients,
      songs.map((t) => t.id),
    );
  const tempoSource = (id: string) =>
    sqlite.query<{ s: string | null }, [string]>("SELECT tempo_source AS s FROM tracks WHERE id = ?").get(id)
      ?.s;
  return { pass, tempoSource, close: () => sqlite.close() };
}

const withoutRecco = songs.filter((t) => !world.reccoBeats(t.id));

describe("one lookup pass", () => {
  test("Deezer asks while ReccoBeats still answers, only about the songs ReccoBeats lacks; a second pass asks nothing", async () => {
    // at the real pace: whether Deezer starts between two ReccoBeats answers also depends on the time a pass works
    const { pass, tempoSource, close } = library("spotify,reccobeats,musicbrainz,deezer", { speed: 1 });
    const result = await pass();
    expect(result.failed).toEqual([]);
    const firstDeezer = sent.indexOf("deezer");
    const lastRecco = sent.lastIndexOf("reccobeats");
    expect(firstDeezer).toBeGreaterThanOrEqual(0);
    expect(firstDeezer).toBeLessThan(lastRecco);
    expect(emulators.deezer.faults.log().total).toBe(withoutRecco.length);
    expect(emulators.reccobeats.faults.log().total).toBe(Math.ceil(songs.length / 40));
    expect(sent.filter((s) => s === "musicbrainz").length).toBeGreaterThan(0);
    for (const s of ["reccobeats", "musicbrainz", "deezer"] as const)
      expect(emulators[s].faults.log().violations).toBe(0);
    const withRecco = songs.find((t) => world.reccoBeats(t.id));
    expect(withRecco && tempoSource(withRecco.id)).toBe("reccobeats");
    sent = [];
    await pass();
    expect(sent).toEqual([]);
    close();
  }, 60_000);

  test("songs ReccoBeats could not answer are not asked of Deezer; MusicBrainz goes on", async () => {
    const { pass, close } = library("spotify,reccobeats,musicbrainz,deezer");
    emulators.reccobeats.faults.configure({ down: true });
    const result = await pass();
    expect(result.failed).toEqual(["reccobeats"]);
    expect(sent).not.toContain("deezer");
    expect(sent).toContain("musicbrainz");
    close();
  }, 60_000);

  test("Deezer listed before ReccoBeats asks about every song at once, and keeps its tempo", async () => {
    const { pass, tempoSource, close } = library("deezer,reccobeats");
    await pass();
    expect(sent[0]).toBe("deezer");
    const knownToBoth = songs.find((t) => {
      const deezer = world.deezer(t.isrc);
      return world.reccoBeats(t.id)?.track.features && deezer && deezer.bpm > 0;
    });
    expect(knownToBoth).toBeDefined();
    expect(tempoSource(knownToBoth?.id ?? "")).toBe("deezer");
    expect(emulators.deezer.faults.log().total).toBe(songs.length);
    close();
  }, 60_000);

  test("songs Spotify has not answered yet (its step comes with the listener's sync) are not held back", async () => {
    const { pass, close } = library("spotify,reccobeats,deezer", { spotifyGivesFeatures: true });
    await pass();
    expect(emulators.reccobeats.faults.log().total).toBe(Math.ceil(songs.length / 40));
    expect(emulators.deezer.faults.log().total).toBe(withoutRecco.length);
    close();
  }, 60_000);
});
