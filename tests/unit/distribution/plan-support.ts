// Builders for planning tests: a library of songs liked a day apart, preferences and existing playlists.
import {
  type ExistingPlaylist,
  indexByCategory,
  type PlanContext,
  type PlannedSong,
  type PreferenceInput,
  planPreference,
} from "../../../src/server/distribution/plan/preference-plan.ts";
import { entryByName } from "../../../src/shared/catalogue/index.ts";

export const day = 86_400_000;
export const start = Date.UTC(2025, 0, 1);

/** n songs liked one day apart from 2025-01-01; song i has the categories cats(i). */
export function library(n: number, cats: (i: number) => string[] = () => []): PlannedSong[] {
  return Array.from({ length: n }, (_, i) => ({
    trackId: `t${i}`,
    likedAt: start + i * day,
    rank: i,
    categories: cats(i),
  }));
}

export const ctx = (over: Partial<PlanContext> = {}): PlanContext => ({
  userId: "u1",
  now: Date.UTC(2026, 0, 15, 12),
  capacity: 10_000,
  nameFor: (name, seq) => (seq > 1 ? `${name} ${seq}` : name),
  ...over,
});

export function pref(name: string, _group: string, over: Partial<PreferenceInput> = {}): PreferenceInput {
  const rule = entryByName(name)?.rule;
  if (!rule) throw new Error(`unknown entry ${name}`);
  return { name, rule, selectedAt: start, playlists: [], everAdded: new Set(), ...over };
}

export function playlist(over: Partial<ExistingPlaylist>): ExistingPlaylist {
  return {
    id: "p1",
    bucket: "",
    sequence: 1,
    status: "active",
    hasSpotifyPlaylist: true,
    songCount: 0,
    samplePeriod: null,
    currentSongs: [],
    ...over,
  };
}

export function plan(p: PreferenceInput, songs: PlannedSong[], c = ctx()) {
  return planPreference(p, songs, indexByCategory(songs), c);
}
export const ids = (songs: { trackId: string }[]) => songs.map((s) => s.trackId);
