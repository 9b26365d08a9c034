// The public npm clients `musicbrainz-api` and `deezer-public-api` against the MusicBrainz and Deezer emulators:
// each must parse what the emulator answers (URL lookups with several resources, artist search, ISRC lookups, a
// track by ISRC), as they do against the real services.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { DeezerPublicApi } from "deezer-public-api";
import { MusicBrainzApi } from "musicbrainz-api";
import {
  type MetadataEmulatorServer,
  startMetadataEmulatorServer,
} from "../../../src/emulators/metadata-server.ts";
import { metadataWorldFor } from "../../../src/emulators/metadata-world/world.ts";
import { DEFAULT_SEED } from "../../../src/emulators/spotify/index.ts";

setDefaultTimeout(60_000);

const catalogueSize = { artists: 200, tracks: 1_000 };
let server: MetadataEmulatorServer;
beforeAll(() => {
  server = startMetadataEmulatorServer({ port: 0, catalogueSize });
});
afterAll(async () => {
  await server.stop();
});

const world = () => metadataWorldFor({ seed: DEFAULT_SEED, catalogueSize });
let client: MusicBrainzApi | null = null;
/** One client for all tests: its own rate limiter keeps to the emulator's 1 request a second. */
const mb = () =>
  (client ??= new MusicBrainzApi({
    baseUrl: `${server.url}/emulator/musicbrainz`,
    appName: "Crate",
    appVersion: "0.1.0",
    appContactInfo: "contract@crate.example",
    rateLimit: [1, 1.2],
  }));

describe("musicbrainz-api against the MusicBrainz emulator", () => {
  test("URL lookups with several resources answer the linked artists with their country", async () => {
    const artists = world().catalogue.artists.slice(0, 5);
    const urls = artists.map((a) => `https://open.spotify.com/artist/${a.id}`);
    const result = await mb().lookupUrl(urls, ["artist-rels"]);
    const linked = artists.filter((a) => world().mbArtist(a.index)?.spotifyLinked);
    expect(result["url-count"]).toBe(linked.length);
    for (const url of result.urls) {
      const relation = url.relations?.find((r) => (r["target-type"] as string) === "artist");
      expect(relation?.artist?.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(urls).toContain(url.resource);
    }
  });

  test("artist search by arid answers tags and countries", async () => {
    const ids = world()
      .catalogue.artists.slice(0, 3)
      .map((a) => world().mbArtist(a.index)?.mbid ?? "");
    const result = await mb().search("artist", {
      query: ids.map((id) => `arid:${id}`).join(" OR "),
      limit: 100,
    });
    expect(result.count).toBe(3);
    expect(result.artists.map((a) => a.id).sort()).toEqual([...ids].sort());
    for (const artist of result.artists) expect(Array.isArray(artist.tags ?? [])).toBe(true);
  });

  test("ISRC lookups answer recordings with their artist credits", async () => {
    const track = world().catalogue.track(3);
    if (!track) throw new Error("no track");
    const isrc = world().recordingsOfIsrc(track.isrc).length > 0 ? track.isrc : "";
    if (isrc === "") return;
    const result = (await mb().lookup("isrc" as "recording", isrc, ["artist-credits"])) as unknown as {
      isrc: string;
      recordings: { "artist-credit"?: { artist: { id: string } }[] }[];
    };
    expect(result.isrc).toBe(isrc);
    expect(result.recordings[0]?.["artist-credit"]?.[0]?.artist.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("deezer-public-api against the Deezer emulator", () => {
  test("a track by ISRC, and no data for an unknown one", async () => {
    const deezer = new DeezerPublicApi({ apiUrl: `${server.url}/emulator/deezer/` });
    const known = Array.from({ length: 50 }, (_, i) => world().catalogue.track(i)).find(
      (t) => t && world().deezer(t.isrc),
    );
    if (!known) throw new Error("no known track");
    const track = await deezer.track.isrc({ isrc: known.isrc });
    expect(track.isrc).toBe(known.isrc);
    expect(typeof track.bpm).toBe("number");
    await expect(deezer.track.isrc({ isrc: "ZZZZZ9999999" })).rejects.toThrow();
  });
});
