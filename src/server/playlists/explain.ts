// GET /api/playlists/{name}/songs: a playlist's songs in playlist order, each with why it is there, the songs
// that match but are not in it, and the coverage of its group.
import { considersAllLikes, type MembershipLevel, premiumLevel } from "../../shared/membership.ts";
import type { MetadataGroup } from "../../shared/metadata.ts";
import type { PlaylistSongs, PlaylistSongsInput } from "../../shared/schemas/explain.ts";
import type { Deps } from "../deps/deps.ts";
import { loadUserFacts } from "../distribution/runs/plan-inputs.ts";
import { loadConsideredRuleSongsGivingWay } from "../library/fact-sources.ts";
import { metadataCoverageGivingWay } from "../metadata/coverage.ts";
import { nextTask } from "../platform/steps.ts";
import { readTimeZone } from "../user/time-zone.ts";
import { songRecords, sourcePlaylistsHolding } from "./explain-repository.ts";
import { heldInRuleOrder } from "./held-order.ts";
import { notIncludedSongs } from "./not-included.ts";
import { type PlaylistTarget, resolvePlaylist } from "./playlist-target.ts";
import { checkOnOpen } from "./removed-check.ts";
import { reasonsInPlaylist } from "./song-reasons.ts";

type Caller = { userId: string; membershipLevel: MembershipLevel };

async function coverageOf(deps: Deps, userId: string, target: PlaylistTarget): Promise<string | null> {
  const group = target.combination ? "Genre" : target.entry?.group;
  if (!group) return null;
  const coverage = (await metadataCoverageGivingWay(deps, userId)).groups.find(
    (g) => g.group === (group as MetadataGroup),
  );
  return coverage?.text ?? null;
}

/** Reads and classifies the whole library: it gives the event loop back between its parts, so requests go on. */
export async function getPlaylistSongs(
  deps: Deps,
  caller: Caller,
  input: PlaylistSongsInput,
): Promise<PlaylistSongs> {
  const { db } = deps;
  const opened = resolvePlaylist(db, caller, input.name);
  // Opening the page (its first songs) looks for the listener's own edits in Spotify first.
  if (input.offset === 0 && opened.row) await checkOnOpen(deps, caller.userId, opened.row);
  const target = opened.row ? resolvePlaylist(db, caller, input.name) : opened;
  const head = {
    name: target.name,
    coverage: await coverageOf(deps, caller.userId, target),
    paused: target.paused,
  };
  const row = target.row;
  if (!row || row.spotifyPlaylistId === null)
    return { ...head, spotifyPlaylistId: null, total: 0, songs: [], notIncluded: [] };
  // Every like with the facts the rule reads, from the classification that places songs (corrections applied).
  const likes = await loadConsideredRuleSongsGivingWay(deps, caller.userId, premiumLevel, [target.rule]);
  const timeZone = readTimeZone(db, caller.userId).timeZone;
  const now = deps.clock.now();
  await nextTask();
  const held = heldInRuleOrder(db, caller.userId, row.id, target, () => likes, now);
  const page = held.slice(input.offset, input.offset + input.limit);
  const inSources = sourcePlaylistsHolding(db, caller.userId, target.rule);
  const songs = songRecords(db, caller.userId, page).map((record) => ({
    trackId: record.trackId,
    name: record.name,
    artists: record.artists,
    likedAt: record.likedAt === null ? null : new Date(record.likedAt).toISOString(),
    reasons: reasonsInPlaylist(target, {
      track: record.evidence,
      likedAt: record.likedAt,
      playlists: inSources(record.trackId),
      timeZone,
      now,
    }),
  }));
  const facts = loadUserFacts(db, caller.userId);
  // what was read so far took a while for a large library: requests waiting meanwhile go first
  await nextTask();
  const notIncluded = notIncludedSongs(db, caller.userId, {
    target,
    likes,
    premium: considersAllLikes(caller.membershipLevel),
    addRecordingOnce: facts?.addRecordingOnce === true,
    timeZone,
    now,
  });
  return { ...head, spotifyPlaylistId: row.spotifyPlaylistId, total: held.length, songs, notIncluded };
}
