import { describe, expect, test } from "bun:test";
import { overviewRows } from "../../../src/client/pages/playlists/overview/rows.ts";
import {
  type ChosenPlaylist,
  overviewTexts,
  spotifyPlaylistUrl,
  timeAgo,
} from "../../../src/shared/playlist-overview.ts";

const part = (name: string, songCount: number) => ({
  name,
  spotifyUrl: spotifyPlaylistUrl(`id-${name}`),
  songCount,
  lastUpdatedAt: null,
  deletedInSpotify: false,
});

const playlists: ChosenPlaylist[] = [
  {
    name: "Everything",
    source: "predefined",
    state: "active",
    songCount: 10_004,
    lastUpdatedAt: null,
    parts: [part("Everything", 10_000), part("Everything 2", 4)],
  },
  {
    name: "Rock",
    source: "predefined",
    state: "active",
    songCount: 3,
    lastUpdatedAt: null,
    parts: [part("Rock", 3)],
  },
  { name: "Rock", source: "combination", state: "waiting", songCount: 0, lastUpdatedAt: null, parts: [] },
];

describe("the overview's rows", () => {
  test("one row per chosen playlist; a spilled one lists its parts only when expanded", () => {
    expect(overviewRows(playlists, new Set()).map((r) => [r.kind, r.name, r.songCount])).toEqual([
      ["playlist", "Everything", 10_004],
      ["playlist", "Rock", 3],
      ["playlist", "Rock", 0],
    ]);
    const open = overviewRows(playlists, new Set(["predefined:Everything"]));
    expect(open.map((r) => [r.kind, r.name, r.songCount])).toEqual([
      ["playlist", "Everything", 10_004],
      ["part", "Everything", 10_000],
      ["part", "Everything 2", 4],
      ["playlist", "Rock", 3],
      ["playlist", "Rock", 0],
    ]);
    expect(new Set(open.map((r) => r.key)).size).toBe(open.length);
  });

  test("links, counts and times read as the page shows them", () => {
    expect(spotifyPlaylistUrl("37i9dQZF1DXcBWIGoYBM5M")).toBe(
      "https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M",
    );
    expect(overviewTexts.songs(1)).toBe("1 song");
    expect(overviewTexts.songs(10_004)).toBe("10,004 songs");
    const now = Date.UTC(2026, 0, 10, 12);
    expect(timeAgo(new Date(now - 10_000).toISOString(), now)).toBe("just now");
    expect(timeAgo(new Date(now - 5 * 60_000).toISOString(), now)).toBe("5 minutes ago");
    expect(timeAgo(new Date(now - 3 * 3_600_000).toISOString(), now)).toBe("3 hours ago");
    expect(timeAgo(new Date(now - 26 * 3_600_000).toISOString(), now)).toBe("yesterday");
    expect(overviewTexts.nextUpdate(60)).toBe("The next update comes within the hour.");
  });
});
