// Analysis segments are stored compactly and read back as the spec's lists.
import { describe, expect, test } from "bun:test";
import { decodeSegment, encodeSegment } from "../../../src/server/analysis/segments.ts";
import { allEntries } from "../../../src/shared/catalogue/index.ts";

const full = allEntries.map((e, i) => ({
  preferenceName: e.name,
  numberOfSongsApplicable: i % 3 === 0 ? 0 : 100 + i,
}));
const withSongs = full.filter((item) => item.numberOfSongsApplicable > 0);

describe("analysis segments", () => {
  test("a Data segment comes back as the entries with songs, in catalogue order", () => {
    expect(decodeSegment(encodeSegment(withSongs), "Data")).toEqual(withSongs);
  });

  test("the Completed segment comes back with every catalogue entry, zeros included", () => {
    expect(decodeSegment(encodeSegment(full), "Completed")).toEqual(full);
  });

  test("stored in well under half the room of the list form", () => {
    const verbose = JSON.stringify(withSongs).length;
    expect(encodeSegment(withSongs).length).toBeLessThan(verbose * 0.45);
    // 20 segments of a 10,000-like analysis with every entry filled
    expect(20 * encodeSegment(full).length).toBeLessThan(300_000);
  });

  test("rows written in the list form are still read", () => {
    expect(decodeSegment(JSON.stringify(withSongs), "Data")).toEqual(withSongs);
  });
});
