// The emulated catalogue holds the same recording on a single and an album; demo listeners liked both.
import { describe, expect, test } from "bun:test";
import { DEFAULT_SEED } from "../../../src/emulators/spotify/index.ts";
import { buildCatalogue } from "../../../src/emulators/spotify/model/catalogue.ts";
import { catalogueGenreStrings } from "../../../src/emulators/spotify/model/catalogue-genres.ts";
import { buildGenrePool } from "../../../src/emulators/spotify/model/genre-pool.ts";
import { api, json, signIn, testEmulator } from "./spotify-support.ts";

const catalogue = buildCatalogue(DEFAULT_SEED, buildGenrePool(catalogueGenreStrings()));

describe("same recording on several releases", () => {
  test("a single's track comes back on the artist's album: another track with the same ISRC", () => {
    expect(catalogue.sameRecordings.length).toBeGreaterThan(50);
    for (const { single, album } of catalogue.sameRecordings.slice(0, 50)) {
      const a = catalogue.track(single);
      const b = catalogue.track(album);
      if (!a || !b) throw new Error("missing track");
      expect(b.id).not.toBe(a.id);
      expect(b.isrc).toBe(a.isrc);
      expect(b.name).toBe(a.name);
      expect(catalogue.albums[a.album]?.albumType).toBe("single");
      expect(catalogue.albums[b.album]?.albumType).toBe("album");
      expect(b.artists[0]).toBe(a.artists[0]);
    }
    // Other tracks keep their own recordings.
    const isrcs = new Map<string, number>();
    for (let i = 0; i < catalogue.trackCount; i++) {
      const isrc = catalogue.track(i)?.isrc ?? "";
      isrcs.set(isrc, (isrcs.get(isrc) ?? 0) + 1);
    }
    const shared = [...isrcs.values()].filter((n) => n > 1).length;
    expect(shared).toBe(catalogue.sameRecordings.length);
  });

  test("the demo listeners liked both versions of some recordings; /me/tracks sends external_ids.isrc", async () => {
    const emulator = testEmulator();
    for (const [listener, twice] of [
      ["crate-premium", 40],
      ["crate-free", 12],
    ] as const) {
      const liked = new Set(emulator.control.likes(listener).map((l) => l.trackId));
      const both = catalogue.sameRecordings.filter(
        (r) =>
          liked.has(catalogue.track(r.single)?.id ?? "") && liked.has(catalogue.track(r.album)?.id ?? ""),
      );
      expect(both.length).toBeGreaterThanOrEqual(twice);
    }
    const tokens = await signIn(emulator, "crate-admin");
    const isrcs: string[] = [];
    for (let offset = 0; offset < 400; offset += 50) {
      const page = await json<{ items: { track: { external_ids: { isrc: string } } }[] }>(
        await api(emulator, tokens.access_token, "GET", `/me/tracks?limit=50&offset=${offset}`),
      );
      for (const item of page.items) isrcs.push(item.track.external_ids.isrc);
    }
    expect(isrcs).toHaveLength(320);
    expect(new Set(isrcs).size).toBeLessThanOrEqual(316);
    emulator.close();
  });
});
