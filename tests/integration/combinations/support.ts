// Helpers for combination tests: calls, and what a combination should hold, computed in the test from the
// emulator's own track facts with the classification helpers (not with Crate's stored categories or matcher).
import { expect } from "bun:test";
import {
  decadeStartOf,
  genresOf,
  moodsOf,
  nationalitiesOf,
  subgenresOf,
} from "../../../src/server/library/classify.ts";
import { call, type Harness, type Listener, waitForProgress } from "../distribution/support.ts";

export interface TestCriterion {
  genres?: string[];
  decade?: number | null;
  mood?: string | null;
  nationality?: string | null;
}

export interface TestCombination {
  playlistName: string;
  criteria: TestCriterion[];
}

export const managed = (name: string) => `${name} - Managed Playlist`;

export const createCombinations = (h: Harness, l: Listener, combinations: TestCombination[]) =>
  call(h, l.cookie, "POST", "/api/distributor/combinatorial", {
    combinations: combinations.map((c) => ({
      playlistName: c.playlistName,
      criteria: c.criteria.map((criterion, i) => ({ criterionNumber: i + 1, ...criterion })),
    })),
  });

/** Creates the combinations and waits for the distribution; expects it to succeed. */
export async function createAndWait(
  h: Harness,
  l: Listener,
  combinations: TestCombination[],
): Promise<string> {
  const answer = await createCombinations(h, l, combinations);
  expect(answer.status).toBe(200);
  const id = String(answer.body.distributionProgressId);
  const done = await waitForProgress(h, l, id);
  for (const entry of done.body.progress as { completedWork: number; totalWork: number }[])
    expect(entry.completedWork).toBe(entry.totalWork);
  return id;
}

export interface ListedCombination {
  combinatorialPlaylistPreferenceId: string;
  playlistName: string;
  criteria: unknown[];
  active: boolean;
}

export async function listedCombinations(h: Harness, l: Listener): Promise<ListedCombination[]> {
  const answer = await call(h, l.cookie, "GET", "/api/playlist-preferences");
  expect(answer.status).toBe(200);
  return answer.body.combinatorialPlaylistPreferences as ListedCombination[];
}

/** A track's facts as the emulator's Web API tells them, classified part by part. */
export interface TrackParts {
  genres: Set<string>;
  decade: number | null;
  moods: Set<string>;
  nationalities: Set<string>;
}

export function partsOf(h: Harness, trackId: string): TrackParts {
  const facts = h.spotify.control.track(trackId);
  if (!facts) throw new Error(`unknown track ${trackId}`);
  return {
    genres: new Set([...genresOf(facts.artistGenres), ...subgenresOf(facts.artistGenres)]),
    decade: decadeStartOf(facts.releaseDate),
    moods: new Set(moodsOf(facts.features)),
    nationalities: new Set(nationalitiesOf(facts.artistGenres)),
  };
}

/** OR over criteria, AND inside one, ANY of its genres; an empty criterion matches nothing. */
export function expectedMatches(parts: TrackParts, criteria: TestCriterion[]): boolean {
  return criteria.some((c) => {
    const genres = c.genres ?? [];
    const constrained = genres.length > 0 || c.decade != null || c.mood != null || c.nationality != null;
    return (
      constrained &&
      (genres.length === 0 || genres.some((g) => parts.genres.has(g))) &&
      (c.decade == null || parts.decade === c.decade) &&
      (c.mood == null || parts.moods.has(c.mood)) &&
      (c.nationality == null || parts.nationalities.has(c.nationality))
    );
  });
}

/** The most frequent values of a part among the tracks, most frequent first. */
export function mostCommon(values: Iterable<string | number | null>): (string | number)[] {
  const counts = new Map<string | number, number>();
  for (const value of values) if (value !== null) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([value]) => value);
}
