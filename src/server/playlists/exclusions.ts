// "Never in this playlist": the listener keeps a song or an artist out of one playlist (its entry or
// combination, spill playlists included). The songs leave Spotify at once and stay out at every update.
import type { MembershipLevel } from "../../shared/membership.ts";
import { rateRules } from "../../shared/rate-rules.ts";
import type { AddExclusionInput, Exclusion, ExclusionKind } from "../../shared/schemas/explain.ts";
import { recordActivity } from "../activity/record.ts";
import type { Db } from "../db/client.ts";
import { transaction } from "../db/transaction.ts";
import type { Deps } from "../deps/deps.ts";
import {
  deleteExclusion,
  type ExclusionRow,
  exclusionsOfPreference,
  insertExclusion,
} from "../distribution/repository/exclusions.ts";
import { badRequest, notFound } from "../platform/errors.ts";
import { startChoicesUpdate } from "./choices-update.ts";
import { likedArtistName, likedTrackName } from "./explain-repository.ts";
import { assertChangeable, resolvePlaylist } from "./playlist-target.ts";

type Caller = { userId: string; membershipLevel: MembershipLevel };

export const exclusionView = (row: ExclusionRow): Exclusion => ({
  kind: row.kind,
  id: row.targetId,
  label: row.label,
  createdAt: new Date(row.createdAt).toISOString(),
});

export function listExclusions(
  deps: Pick<Deps, "db">,
  caller: Caller,
  name: string,
): { exclusions: Exclusion[] } {
  const target = resolvePlaylist(deps.db, caller, name);
  const rows = exclusionsOfPreference(deps.db, caller.userId, target.source, target.preferenceKey);
  return { exclusions: rows.map(exclusionView) };
}

/** Stores the exclusion (a liked song, or an artist of a liked song) and starts the update; `created` false when it was there. */
export function addExclusion(
  deps: Deps,
  caller: Caller,
  input: AddExclusionInput,
): { exclusion: Exclusion; created: boolean } {
  deps.rateLimits.take(rateRules.choices, caller.userId);
  const result = transaction(deps.db, () => {
    const target = resolvePlaylist(deps.db, caller, input.name);
    assertChangeable(target);
    const kind: ExclusionKind = input.trackId !== undefined ? "track" : "artist";
    const targetId = input.trackId ?? input.artistId ?? "";
    const label =
      kind === "track"
        ? likedTrackName(deps.db, caller.userId, targetId)
        : likedArtistName(deps.db, caller.userId, targetId);
    if (label === null)
      throw badRequest(
        kind === "track"
          ? "trackId: not one of your liked songs"
          : "artistId: not an artist of your liked songs",
      );
    const stored = insertExclusion(deps.db, {
      userId: caller.userId,
      source: target.source,
      preferenceKey: target.preferenceKey,
      kind,
      targetId,
      label,
      createdAt: deps.clock.now(),
    });
    if (stored.created) recordExclusionActivity(deps.db, stored.row, "excluded", deps.clock.now());
    return stored;
  });
  if (result.created) startChoicesUpdate(deps, caller.userId);
  return { exclusion: exclusionView(result.row), created: result.created };
}

/** Undoes an exclusion: the songs return at the next update, which starts now. */
export function removeExclusion(
  deps: Deps,
  caller: Caller,
  input: { name: string; kind: ExclusionKind; id: string },
): void {
  deps.rateLimits.take(rateRules.choices, caller.userId);
  transaction(deps.db, () => {
    const target = resolvePlaylist(deps.db, caller, input.name);
    assertChangeable(target);
    const row = exclusionsOfPreference(deps.db, caller.userId, target.source, target.preferenceKey).find(
      (e) => e.kind === input.kind && e.targetId === input.id,
    );
    const removed =
      row !== undefined &&
      deleteExclusion(deps.db, caller.userId, target.source, target.preferenceKey, input.kind, input.id);
    if (!removed) throw notFound("No such exclusion in this playlist.");
    recordExclusionActivity(deps.db, row, "exclusionUndone", deps.clock.now());
  });
  startChoicesUpdate(deps, caller.userId);
}

/** An exclusion or its undo in the activity of every playlist of the entry or combination. */
export function recordExclusionActivity(
  db: Db,
  row: ExclusionRow,
  kind: "excluded" | "exclusionUndone",
  at: number,
): void {
  recordActivity(db, {
    userId: row.userId,
    source: row.source,
    preferenceKey: row.preferenceKey,
    playlistId: null,
    kind,
    trackIds: row.kind === "track" ? [row.targetId] : [],
    detail: row.kind === "artist" ? row.label : null,
    at,
  });
}
