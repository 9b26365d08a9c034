// How many Spotify playlists each catalogue entry that can make more than one (Liked At: one per month, season or
// year with likes; Partitions: one per so many songs; Everything: one per 10,000) would make for the listener if
// chosen now, so the Playlists page says so before the listener ticks it. Planned by the same function as an update
// (plan/preference-plan.ts) on the likes the listener's playlists consider, as a first update of the entry would
// plan them; no categories are needed, so no song is classified.
import { allEntries, managedPlaylistName } from "../../shared/catalogue/index.ts";
import { limits } from "../../shared/limits.ts";
import { consideredLikes, hasPremiumCatalogue } from "../../shared/membership.ts";
import type { PlaylistsMade } from "../../shared/schemas/distribution.ts";
import type { Deps } from "../deps/deps.ts";
import { activeLikesOldestFirst } from "../library/considered-repository.ts";
import { signInSyncSettled } from "../library/service.ts";
import { readTimeZone } from "../user/time-zone.ts";
import { type PlannedSong, planPreference } from "./plan/preference-plan.ts";
import { loadUserFacts } from "./runs/plan-inputs.ts";

/**
 * The entries whose playlists are counted: those whose rule can fill more than one Spotify playlist (a split by
 * period or into parts, or every song without limit or sample, spilling at capacity).
 */
const multiplying = allEntries.filter(
  ({ rule }) =>
    rule.split !== null || (rule.criteria === null && rule.limit === null && rule.sample === null),
);

export async function playlistsMadeByEntries(
  deps: Pick<Deps, "db" | "clock" | "signInSyncs">,
  userId: string,
): Promise<PlaylistsMade> {
  // right after a sign-in the likes are still being read: count them once stored, not an empty library
  await signInSyncSettled(deps, userId);
  const facts = loadUserFacts(deps.db, userId);
  // the entries are premium-only: a listener without them is offered the upgrade, not a count
  if (!facts || !hasPremiumCatalogue(facts.membershipLevel)) return { entries: [] };
  const songs: PlannedSong[] = [];
  for (const [like] of activeLikesOldestFirst(deps.db, userId, consideredLikes(facts.membershipLevel)))
    songs.push({
      trackId: like.trackId,
      likedAt: like.likedAt,
      rank: songs.length,
      isrc: like.isrc,
      categories: [],
    });
  const now = deps.clock.now();
  const ctx = {
    userId,
    now,
    capacity: limits.playlistCapacity,
    addRecordingOnce: facts.addRecordingOnce,
    timeZone: readTimeZone(deps.db, userId).timeZone,
    nameFor: (bucketName: string, sequence: number) =>
      managedPlaylistName(bucketName, { spillNumber: sequence, removePlaylistPostfix: true }),
  };
  return {
    entries: multiplying.map((entry) => {
      const input = {
        name: entry.name,
        rule: entry.rule,
        selectedAt: now,
        playlists: [],
        everAdded: new Set<string>(),
      };
      return { name: entry.name, playlists: planPreference(input, songs, new Map(), ctx).length };
    }),
  };
}
