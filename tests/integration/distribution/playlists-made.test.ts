// Before a listener ticks an entry that makes several Spotify playlists (Liked At, Partitions, Everything), the
// Playlists page says how many it will make: the count asked beforehand is the number of Spotify playlists the
// update then creates.
import { beforeAll, expect, test } from "bun:test";
import type { PlaylistsMade } from "../../../src/shared/schemas/distribution.ts";
import { type Listener, setUpHarness } from "./support.ts";

const h = setUpHarness();
const ENTRIES = [
  "Liked in Month",
  "Liked in Year",
  "Liked in Season - Northern Hemisphere",
  "Partitions of 50 Songs",
  "Everything",
];
let listener: Listener;
let free: Listener;

beforeAll(async () => {
  listener = await h.premiumListener("playlists-made", 420, 11);
  free = await h.signIn("playlists-made-free", 40, 12);
});

const playlistsMade = async (l: Listener) => {
  const answer = await fetch(`${h.crate.url}/api/trpc/distribution.playlistsMade`, {
    headers: { cookie: l.cookie },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { result: { data: PlaylistsMade } }).result.data;
};

test("each entry's count, asked before, is the number of playlists the update creates in Spotify", async () => {
  const before = await playlistsMade(listener);
  const counts = new Map(before.entries.map((e) => [e.name, e.playlists]));
  for (const name of ENTRIES) expect(counts.has(name)).toBe(true);
  // 420 likes over several years: many months, a handful of years, 9 parts of 50, one Everything
  expect(counts.get("Liked in Month") ?? 0).toBeGreaterThan(counts.get("Liked in Year") ?? 0);
  expect(counts.get("Partitions of 50 Songs")).toBe(9);
  expect(counts.get("Everything")).toBe(1);

  await h.distributeAndWait(listener, ENTRIES);
  const names = [...h.playlistsOf(listener.id).keys()];
  const made = (prefix: RegExp) => names.filter((name) => prefix.test(name)).length;
  expect(
    made(
      /^Liked in (January|February|March|April|May|June|July|August|September|October|November|December) \d{4} - /,
    ),
  ).toBe(counts.get("Liked in Month") ?? -1);
  expect(made(/^Liked in \d{4} - /)).toBe(counts.get("Liked in Year") ?? -1);
  expect(made(/^Liked in (Winter|Spring|Summer|Autumn) [\d-]+ - Northern Hemisphere/)).toBe(
    counts.get("Liked in Season - Northern Hemisphere") ?? -1,
  );
  expect(made(/^Partitions of 50 Songs \d+ - /)).toBe(9);
  expect(made(/^Everything - /)).toBe(1);
});

test("a free listener, who cannot choose these entries, is given no count", async () => {
  expect(await playlistsMade(free)).toEqual({ entries: [] });
});
