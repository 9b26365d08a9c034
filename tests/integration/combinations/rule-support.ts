// Helpers for rule tests: the emulator's own facts of a track (not Crate's stored ones), rule calls, and what a
// rule's playlist should hold, computed here from those facts by the contract's wording.
import { expect } from "bun:test";
import { call, type Harness, type Listener, playlistsOf, waitForProgress } from "../distribution/support.ts";
import { managed, partsOf } from "./support.ts";

export const DAY = 86_400_000;

export interface EmulatorFacts {
  trackId: string;
  likedAt: number;
  /** index in like order, oldest first */
  rank: number;
  year: number | null;
  releaseDay: string | null;
  tempo: number | null;
  artistIds: string[];
  genres: Set<string>;
  decade: number | null;
}

/** The listener's likes, oldest first, with the emulator's facts of each track. */
export function libraryFacts(h: Harness, listenerId: string): EmulatorFacts[] {
  const likes = [...h.spotify.control.likes(listenerId)].reverse();
  return likes.map((like, rank) => {
    const track = h.spotify.control.track(like.trackId);
    if (!track) throw new Error(`unknown track ${like.trackId}`);
    const parts = partsOf(h, like.trackId);
    const date = track.releaseDate ?? null;
    const day =
      date === null ? null : date.length === 4 ? `${date}-01-01` : date.length === 7 ? `${date}-01` : date;
    const tempo = track.features?.tempo;
    return {
      trackId: like.trackId,
      likedAt: Date.parse(like.addedAt),
      rank,
      year: date === null ? null : Number(date.slice(0, 4)),
      releaseDay: day,
      tempo: typeof tempo === "number" && tempo > 0 ? tempo : null,
      artistIds: track.artistIds,
      genres: parts.genres,
      decade: parts.decade,
    };
  });
}

/** Known values first in the direction given, unknown after, ties in like order (the contract's orders). */
export function byKnown<V extends number | string>(
  songs: readonly EmulatorFacts[],
  keyOf: (s: EmulatorFacts) => V | null,
  direction: 1 | -1 = 1,
): EmulatorFacts[] {
  return [...songs].sort((a, b) => {
    const x = keyOf(a);
    const y = keyOf(b);
    if (x === null || y === null) return x === y ? a.rank - b.rank : x === null ? 1 : -1;
    if (x === y) return a.rank - b.rank;
    return (x < y ? -1 : 1) * direction;
  });
}

export const ids = (songs: readonly EmulatorFacts[]) => songs.map((s) => s.trackId);

export const createRules = (h: Harness, l: Listener, combinations: Record<string, unknown>[]) =>
  call(h, l.cookie, "POST", "/api/distributor/combinatorial", { combinations });

/** Waits for a distribution answered by a rule call, expecting it to finish every playlist. */
export async function finished(
  h: Harness,
  l: Listener,
  answer: { status: number; body: Record<string, unknown> },
) {
  expect(answer.status).toBe(200);
  const done = await waitForProgress(h, l, String(answer.body.distributionProgressId));
  for (const entry of done.body.progress as { completedWork: number; totalWork: number }[])
    expect(entry.completedWork).toBe(entry.totalWork);
}

/** The songs of a rule's playlist on the emulator (undefined when there is none). */
export const onSpotify = (h: Harness, l: Listener, name: string): string[] | undefined =>
  playlistsOf(h, l.id).get(managed(name));

/** The Spotify playlist of a rule on the emulator. */
export function spotifyPlaylistOf(h: Harness, l: Listener, name: string): string {
  const playlist = h.spotify.control.listenerPlaylists(l.id).find((p) => p.name === managed(name));
  if (!playlist) throw new Error(`no playlist ${name}`);
  return playlist.id;
}

/** The id of a listed combination, by name. */
export async function ruleId(h: Harness, l: Listener, name: string): Promise<string> {
  const answer = await call(h, l.cookie, "GET", "/api/playlist-preferences");
  const listed = answer.body.combinatorialPlaylistPreferences as {
    combinatorialPlaylistPreferenceId: string;
    playlistName: string;
  }[];
  const found = listed.find((c) => c.playlistName === name);
  if (!found) throw new Error(`no rule ${name}`);
  return found.combinatorialPlaylistPreferenceId;
}

/** The most frequent values, most frequent first. */
export function ranked<T>(values: Iterable<T>): T[] {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([value]) => value);
}
