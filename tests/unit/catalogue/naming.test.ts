import { describe, expect, test } from "bun:test";
import {
  isReservedPlaylistName,
  likedInMonthName,
  likedInSeasonName,
  likedInYearName,
  managedPlaylistName,
  managedPlaylistPostfix,
  partitionName,
  spillName,
  splitSpillNumber,
  spotifyPlaylistName,
} from "../../../src/shared/catalogue/index.ts";

describe("names of expanded playlists", () => {
  test("liked at periods", () => {
    expect(likedInMonthName(2025, 2)).toBe("Liked in March 2025");
    expect(likedInMonthName(2024, 11)).toBe("Liked in December 2024");
    expect(likedInYearName(2025)).toBe("Liked in 2025");
    expect(() => likedInMonthName(2025, 12)).toThrow(RangeError);
    expect(likedInSeasonName("Spring", 2025, false, "Northern")).toBe(
      "Liked in Spring 2025 - Northern Hemisphere",
    );
    expect(likedInSeasonName("Winter", 2024, true, "Northern")).toBe(
      "Liked in Winter 2024-2025 - Northern Hemisphere",
    );
    expect(likedInSeasonName("Summer", 2024, true, "Southern")).toBe(
      "Liked in Summer 2024-2025 - Southern Hemisphere",
    );
  });

  test("partitions are numbered from 1", () => {
    expect(partitionName(50, 1)).toBe("Partitions of 50 Songs 1");
    expect(partitionName(200, 12)).toBe("Partitions of 200 Songs 12");
  });

  test("spill: the first playlist has no number, the next ones count from 2", () => {
    expect(spillName("Everything", 1)).toBe("Everything");
    expect(spillName("Everything", 2)).toBe("Everything 2");
    expect(spillName("Liked in 2025", 3)).toBe("Liked in 2025 3");
  });

  test("postfix comes last, after the spill number, unless removed", () => {
    expect(managedPlaylistPostfix).toBe(" - Managed Playlist");
    expect(spotifyPlaylistName("Rock", false)).toBe("Rock - Managed Playlist");
    expect(spotifyPlaylistName("Rock", true)).toBe("Rock");
    expect(managedPlaylistName("Everything", { spillNumber: 2, removePlaylistPostfix: false })).toBe(
      "Everything 2 - Managed Playlist",
    );
    expect(managedPlaylistName("Everything", { spillNumber: 2, removePlaylistPostfix: true })).toBe(
      "Everything 2",
    );
    expect(managedPlaylistName("Chill", { removePlaylistPostfix: false })).toBe("Chill - Managed Playlist");
  });

  test("splitSpillNumber reads 1-99 only", () => {
    expect(splitSpillNumber("Everything 2")).toEqual({ base: "Everything", spillNumber: 2 });
    expect(splitSpillNumber("Pop 2000")).toBeNull();
    expect(splitSpillNumber("Rock 02")).toBeNull();
    expect(splitSpillNumber("Everything")).toBeNull();
  });
});

describe("reserved playlist names", () => {
  test("every catalogue entry name, in any case", () => {
    for (const name of [
      "Rock",
      "rock",
      "HIP HOP",
      "Chill",
      "1990s",
      "Kiwi",
      "indie rock",
      "Latest 50 Liked Songs",
    ]) {
      expect(isReservedPlaylistName(name)).toBe(true);
    }
    expect(isReservedPlaylistName("  Everything  ")).toBe(true);
    expect(isReservedPlaylistName("Slow (51-70 BPM)")).toBe(true);
    expect(isReservedPlaylistName("Liked in Season - Northern Hemisphere")).toBe(true);
  });

  test("expansions and spill numbers", () => {
    for (const name of [
      "Liked in March 2025",
      "liked in march 2025",
      "Liked in 2025",
      "Liked in Spring 2025 - Northern Hemisphere",
      "Liked in Winter 2024-2025 - Northern Hemisphere",
      "Liked in Summer 2024-2025 - Southern Hemisphere",
      "Partitions of 50 Songs 3",
      "Partitions of 100 Songs 250",
      "Everything 2",
      "Rock 2",
      "Liked in 2025 2",
    ]) {
      expect(isReservedPlaylistName(name)).toBe(true);
    }
  });

  test("with the postfix", () => {
    expect(isReservedPlaylistName("Rock - Managed Playlist")).toBe(true);
    expect(isReservedPlaylistName("Everything 2 - managed playlist")).toBe(true);
    expect(isReservedPlaylistName("My Mix - Managed Playlist")).toBe(false);
  });

  test("free names stay free", () => {
    for (const name of [
      "My Mix",
      "Rock and Rap 2000s",
      "Pop 2000",
      "Rocks",
      "Liked in Marchember 2025",
      "Everything Else",
      "Latest 50",
      "",
      "   ",
      "Partitions of Songs 1",
    ]) {
      expect(isReservedPlaylistName(name)).toBe(false);
    }
  });
});
