// GET /api/playlists/{name}/songs: a playlist's songs in playlist order, each with why it is there, the songs
// that match but are not in it, and the coverage of its group.
import { considersAllLikes, type MembershipLevel, premiumLevel } from "../../shared/membership.ts";
import type { MetadataGroup } from "../../shared/metadata.ts";
import type { PlaylistSongs, PlaylistSongsInput } from "../../shared/schemas/explain.ts";
import type { Deps } from "../deps/deps.ts";
import { loadUserFacts } from "../distribution/runs/plan-inputs.ts";
import { loadConsideredSongs } from "../library/considered.ts";
import { metadataCoverage } from "../metadata/coverage.ts";
import { readTimeZone } from "../user/time-zone.ts";
import { heldInOrder, songRecords } from "./explain-repository.ts";
import { notIncludedSongs } from "./not-included.ts";
import { type PlaylistTarget, resolvePlaylist } from "./playlist-target.ts";
import { scheduleRemovedCheck } from "./removed-check.ts";
import { reasonsInPlaylist } from "./song-reasons.ts";

type Caller = { userId: string; membershipLevel: MembershipLevel };

function coverageOf(deps: Deps, userId: string, target: PlaylistTarget): string | null {
  const group = target.combination ? "Genre" : target.entry?.group;
  if (!group) return null;
  const coverage = metadataCoverage(deps, userId).groups.find((g) => g.group === (group as MetadataGroup));
  return coverage?.text ?? null;
}

export function getPlaylistSongs(deps: Deps, caller: Caller, input: PlaylistSongsInput): PlaylistSongs {
  const { db } = deps;
  const target = resolvePlaylist(db, caller, input.name);
  const head = {
    name: target.name,
    coverage: coverageOf(deps, caller.userId, target),
    paused: target.paused,
  };
  const row = target.row;
  if (!row || row.spotifyPlaylistId === null)
    return { ...head, spotifyPlaylistId: null, total: 0, songs: [], notIncluded: [] };
  if (row.status === "active")
    scheduleRemovedCheck(deps, caller.userId, { id: row.id, spotifyPlaylistId: row.spotifyPlaylistId });
  const kind = target.entry?.kind.type;
  const held = heldInOrder(
    db,
    caller.userId,
    row.id,
    kind === "latest" ? "newestFirst" : kind === "random" ? "asAdded" : "likeOrder",
  );
  const page = held.slice(input.offset, input.offset + input.limit);
  // Every like with its categories, from the classification that places songs (corrections applied).
  const likes = loadConsideredSongs(deps, caller.userId, premiumLevel);
  const categoriesOf = new Map(likes.map((s) => [s.trackId, s.categories]));
  const timeZone = readTimeZone(db, caller.userId).timeZone;
  const now = deps.clock.now();
  const songs = songRecords(db, caller.userId, page).map((record) => ({
    trackId: record.trackId,
    name: record.name,
    artists: record.artists,
    likedAt: record.likedAt === null ? null : new Date(record.likedAt).toISOString(),
    reasons: reasonsInPlaylist(target, {
      track: record.evidence,
      categories: categoriesOf.get(record.trackId) ?? [],
      likedAt: record.likedAt,
      timeZone,
      now,
    }),
  }));
  const facts = loadUserFacts(db, caller.userId);
  const notIncluded = notIncludedSongs(db, caller.userId, {
    target,
    likes,
    premium: considersAllLikes(caller.membershipLevel),
    addRecordingOnce: facts?.addRecordingOnce === true,
    timeZone,
  });
  return { ...head, spotifyPlaylistId: row.spotifyPlaylistId, total: held.length, songs, notIncluded };
}
