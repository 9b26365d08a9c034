// Before its writes a run learns which kept playlists are still in the library and the versions of those it
// writes to: from the library's listing (50 a call) when that costs fewer calls than asking one by one.
import { describe, expect, test } from "bun:test";
import {
  listingPays,
  oneByOneCost,
  readLibraryListing,
} from "../../../src/server/distribution/journal/library-listing.ts";
import type { LibraryPage } from "../../../src/server/spotify/types.ts";

/** A library of `total` playlists `p0…`, each at version `v<n>`, read 50 a page. */
function library(total: number) {
  const offsets: number[] = [];
  const api = {
    async myPlaylistsPage(offset: number): Promise<LibraryPage> {
      offsets.push(offset);
      const ids = Array.from({ length: Math.max(0, Math.min(50, total - offset)) }, (_, i) => offset + i);
      return {
        playlists: ids.map((n) => ({
          id: `p${n}`,
          name: `P ${n}`,
          ownerId: "u",
          description: null,
          snapshotId: `v${n}`,
        })),
        total,
        next: offset + 50 < total ? offset + 50 : null,
      };
    },
  };
  return { api, offsets };
}

describe("the cost of each way", () => {
  test("one by one: a library check per 40 kept playlists and a version per playlist written", () => {
    expect(oneByOneCost(100, 30)).toBe(33);
    expect(oneByOneCost(3, 1)).toBe(2);
  });

  test("the listing pays when its pages are fewer", () => {
    expect(listingPays(120, 100, 30)).toBe(true);
    expect(listingPays(1_000, 100, 2)).toBe(false);
    expect(listingPays(50, 1, 0)).toBe(false);
  });
});

describe("reading the listing", () => {
  test("a run that writes nothing reads nothing", async () => {
    const { api, offsets } = library(10);
    expect(await readLibraryListing(api, 10, 0)).toEqual({ snapshots: new Map(), listed: null });
    expect(offsets).toEqual([]);
  });

  test("a library of 120: three pages give every version and what the library holds", async () => {
    const { api, offsets } = library(120);
    const listing = await readLibraryListing(api, 100, 30);
    expect(offsets).toEqual([0, 50, 100]);
    expect(listing.listed?.size).toBe(120);
    expect(listing.snapshots.get("p119")).toBe("v119");
  });

  test("a library too large for it stops after the first page and keeps what that page gave", async () => {
    const { api, offsets } = library(2_000);
    const listing = await readLibraryListing(api, 10, 5);
    expect(offsets).toEqual([0]);
    expect(listing.listed).toBeNull();
    expect(listing.snapshots.size).toBe(50);
  });

  test("400 kept playlists and one written: 8 pages instead of 10 library checks and a version", async () => {
    const { api, offsets } = library(400);
    expect((await readLibraryListing(api, 400, 1)).listed?.size).toBe(400);
    expect(offsets).toHaveLength(8);
  });

  test("without a listing in the client, nothing is read", async () => {
    expect(await readLibraryListing({}, 10, 10)).toEqual({ snapshots: new Map(), listed: null });
  });
});
