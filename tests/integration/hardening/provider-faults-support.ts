// The distribution flows the provider-fault suites put under faults, and how they compare what a listener sees
// with a clean run on an emulator with the same seed.
import { expect } from "bun:test";
import { runHourlySync } from "../../../src/server/distribution/batch/batch-jobs.ts";
import {
  type ApiAnswer,
  call,
  distribute,
  type Harness,
  type Listener,
  playlistsOf,
  waitForProgress,
} from "../distribution/support.ts";

/** A historical distribution with a mix of kinds: whole library, partitions, by month, genres, decades, a mood. */
export const selection = [
  "Everything",
  "Partitions of 100 Songs",
  "Liked in Month",
  "Rock",
  "Pop",
  "Electronic",
  "2010s",
  "2020s",
  "Chill",
];

/** Every run of the suites likes later songs at this time, so the hourly job's playlists match across harnesses. */
export const laterLikesAt = "2026-01-12T08:00:00Z";

export interface ProgressEntry {
  distributionType: string;
  totalWork: number;
  completedWork: number;
}

export const entriesOf = (answer: ApiAnswer) => answer.body.progress as ProgressEntry[];

/** Signs the listener in (creating them with `likes` songs) as a Premium member, so every kind is allowed. */
export { premiumListener } from "../distribution/support.ts";

/** Starts the distribution of `selection`; answers its progress id. */
export async function startDistribution(h: Harness, l: Listener): Promise<string> {
  const started = await distribute(h, l, selection);
  expect(started.status).toBe(200);
  return String(started.body.distributionProgressId);
}

const ITEM_WRITES = ["POST /v1/playlists/{playlist_id}/items", "POST /v1/playlists/{playlist_id}/tracks"];
const itemWrites = (h: Harness) => {
  const counts = h.spotify.control.calls().counts;
  return ITEM_WRITES.reduce((sum, name) => sum + (counts[name] ?? 0), 0);
};

/**
 * Waits until the run is writing (the emulator has received its next addition of items), for faults that strike
 * mid-way. It is watched at the provider, in this process, every millisecond: asking the run's progress over HTTP
 * let a busy machine finish a short run between two looks.
 */
export async function waitForFirstWrites(h: Harness, l: Listener, id: string): Promise<void> {
  const before = itemWrites(h);
  const until = Date.now() + 30_000;
  while (itemWrites(h) === before) {
    if (Date.now() > until) {
      const answer = await call(h, l.cookie, "GET", `/api/distributor/${id}/progress`);
      throw new Error(`no playlist written: ${JSON.stringify(answer.body)}`);
    }
    await Bun.sleep(1);
  }
}

/** The progress answer once finished, expecting every entry complete. */
export async function expectCompleted(h: Harness, l: Listener, id: string): Promise<void> {
  const done = await waitForProgress(h, l, id);
  const entries = entriesOf(done);
  expect(entries.length).toBeGreaterThan(0);
  for (const e of entries) expect(e.completedWork).toBe(e.totalWork);
}

/**
 * The listener likes `laterLikes` (or 30 new songs) and the hourly job runs; answers the liked ids, so a
 * second harness can like the very same songs.
 */
export async function likeLaterAndSync(
  h: Harness,
  listenerId: string,
  laterLikes: string[] | null,
): Promise<string[]> {
  const later = laterLikes
    ? h.spotify.control.like(listenerId, { trackIds: laterLikes, addedAt: laterLikesAt })
    : h.spotify.control.like(listenerId, { count: 30, addedAt: laterLikesAt });
  const outcome = await runHourlySync(h.crate.deps);
  expect(outcome.failures).toBe(0);
  return later;
}

/** Same playlist names, and in each the same songs in the same order, as the reference harness. */
export function expectSamePlaylists(reference: Harness, h: Harness, listenerId: string): void {
  const want = playlistsOf(reference, listenerId);
  const got = playlistsOf(h, listenerId);
  expect(want.size).toBeGreaterThan(8);
  expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
  for (const [name, items] of want) expect({ name, items: got.get(name) }).toEqual({ name, items });
}

/** No playlist name twice, and no song twice within a playlist. */
export function expectNothingDoubled(h: Harness, listenerId: string): void {
  const names = h.spotify.control.listenerPlaylists(listenerId).map((p) => p.name);
  expect(names.length).toBe(new Set(names).size);
  for (const [name, items] of playlistsOf(h, listenerId)) {
    expect({ name, doubled: items.length - new Set(items).size }).toEqual({ name, doubled: 0 });
  }
}
