// The distribution calls: distribute the predefined selection, read progress, delete a predefined playlist.

import { entryByName } from "../../shared/catalogue/index.ts";
import { ErrorCode } from "../../shared/errors.ts";
import { limits } from "../../shared/limits.ts";
import { hasPremiumCatalogue, hasUnlimitedPlaylists, type MembershipLevel } from "../../shared/membership.ts";
import { rateRules } from "../../shared/rate-rules.ts";
import type {
  DeletePredefinedResponse,
  DistributeHistoricallyInput,
  DistributeHistoricallyResponse,
  DistributionProgress,
  ProgressEntry,
} from "../../shared/schemas/distribution.ts";
import { transaction } from "../db/transaction.ts";
import type { Deps } from "../deps/deps.ts";
import { signInSyncSettled } from "../library/service.ts";
import { AppError, notFound } from "../platform/errors.ts";
import { deselectPreference, replaceSelection } from "./repository/listeners.ts";
import { deletePlaylist, playlistsOfPreference } from "./repository/playlists.ts";
import { ownDistributionWithEntries } from "./repository/progress-read.ts";
import { type DistributionTrigger, setEntryTotal } from "./repository/runs.ts";
import { scheduleDeletion, startDeletion } from "./runs/deletion-run.ts";
import { assertMayDelete, assertMayDistribute, type Caller } from "./runs/request-guards.ts";
import { runDistribution } from "./runs/run.ts";
import { createWholeLibraryDistribution } from "./runs/whole-library-run.ts";

/** Validates the complete new selection: known names (9), premium-only (30), caps (30 for free, 35). */
export function validateSelection(level: MembershipLevel, names: readonly string[]): string[] {
  const canonical = new Set<string>();
  for (const raw of names) {
    const entry = entryByName(raw);
    if (!entry) throw new AppError(ErrorCode.TypeDoesNotExist);
    canonical.add(entry.name);
  }
  const premium = hasPremiumCatalogue(level);
  for (const name of canonical) {
    if (!premium && entryByName(name)?.premiumOnly) throw new AppError(ErrorCode.FeatureNotAvailable);
  }
  if (hasUnlimitedPlaylists(level)) {
    if (canonical.size > limits.premiumPlaylists) throw new AppError(ErrorCode.TooManyPreferencesPremium);
  } else if (canonical.size > limits.freePlaylists) throw new AppError(ErrorCode.FeatureNotAvailable);
  return [...canonical];
}

/**
 * POST /api/distributor/distribute-historically: saves the complete new selection (deselected entries stop
 * being updated) and starts a distribution in the background; answers with its progress id and the liked-song
 * count, after the sign-in sync (when one is still reading the library) has stored every like.
 */
export async function distributeHistorically(
  deps: Deps,
  caller: Caller,
  input: DistributeHistoricallyInput,
): Promise<DistributeHistoricallyResponse> {
  const names = validateSelection(caller.membershipLevel, input.playlistPreferences);
  await signInSyncSettled(deps, caller.userId);
  deps.work.assertRoom(caller.userId);
  const now = deps.clock.now();
  const { id, totalNumberOfLikedSongs } = transaction(deps.db, () => {
    assertMayDistribute(deps, caller.userId);
    deps.rateLimits.take(rateRules.distribution, caller.userId);
    replaceSelection(deps.db, caller.userId, names, now);
    const started = createWholeLibraryDistribution(deps, caller, "predefined", {
      playlistPreferences: names,
    });
    const entries = names.map((name) => entryByName(name));
    if (entries.some((entry) => entry && entry.rule.sample !== null)) {
      setEntryTotal(deps.db, started.id, "Randomized", 0);
    }
    return started;
  });
  deps.work.spawn(caller.userId, "distribution", () => runDistribution(deps, id));
  return { distributionProgressId: id, totalNumberOfLikedSongs };
}

/**
 * GET /api/distributor/{id}/progress; another user's (or an unknown) id is a 404. Pages poll it every
 * `limits.progressPollMs`: the run and its entries are two reads by key in one read transaction (one snapshot).
 */
export function getProgress(
  deps: Pick<Deps, "db"> & Partial<Pick<Deps, "spotify">>,
  userId: string,
  distributionId: string,
): DistributionProgress {
  const run = transaction(deps.db, () => ownDistributionWithEntries(deps.db, distributionId, userId));
  if (!run) throw notFound();
  return {
    progress: run.entries.map((entry) => ({
      distributionType: entry.distributionType as ProgressEntry["distributionType"],
      totalWork: entry.totalWork,
      completedWork: entry.completedWork,
    })),
    finished: run.status !== "running",
    totalNumberOfLikedSongs: run.totalNumberOfLikedSongs ?? 0,
    createdPlaylistNames: run.createdPlaylistNames ?? [],
    ...(run.status === "running" ? spotifyPause(deps, run.trigger) : {}),
  };
}

/**
 * `paused` while Spotify's spent quota holds a running distribution's calls, or while SPOTIFY_DAILY_CALLS does
 * (a first fill bigger than the budget's room goes on in the next hours): the hourly and random runs wait with
 * background work, the others with the listener's own.
 */
function spotifyPause(
  deps: Partial<Pick<Deps, "spotify">>,
  trigger: DistributionTrigger,
): Pick<DistributionProgress, "paused"> {
  const spotify = deps.spotify;
  if (!spotify) return {};
  const quota = spotify.quota();
  if (quota.paused && quota.since !== null) {
    return { paused: { reason: "spotify-quota", since: new Date(quota.since).toISOString() } };
  }
  const hold =
    spotify.budget().held[trigger === "hourly" || trigger === "random" ? "background" : "listener"];
  if (!hold) return {};
  const iso = (ms: number) => new Date(ms).toISOString();
  return { paused: { reason: "spotify-budget", since: iso(hold.since), resumesAt: iso(hold.resumesAt) } };
}

/**
 * DELETE /api/distributor/predefined/{name}: forgets the preference and removes its Spotify playlist(s) from
 * the user's library in the background (code 34 for other distribution calls meanwhile).
 */
export function deletePredefined(deps: Deps, caller: Caller, rawName: string): DeletePredefinedResponse {
  const entry = entryByName(rawName);
  if (!entry) throw new AppError(ErrorCode.TypeDoesNotExist);
  deps.work.assertRoom(caller.userId);
  const scheduled = transaction(deps.db, () => {
    assertMayDelete(deps, caller.userId);
    const playlists = playlistsOfPreference(deps.db, caller.userId, "predefined", entry.name);
    deselectPreference(deps.db, caller.userId, entry.name);
    // A playlist never made on Spotify has nothing to remove there.
    for (const p of playlists) if (p.spotifyPlaylistId === null) deletePlaylist(deps.db, p.id);
    const onSpotify = playlists.filter((p) => p.spotifyPlaylistId !== null);
    return scheduleDeletion(deps, caller.userId, onSpotify, { deletePredefined: entry.name });
  });
  if (!scheduled) return { distributionProgressId: null, removedPlaylistNames: [] };
  startDeletion(deps, caller.userId, scheduled.distributionProgressId, "deletion");
  return scheduled;
}
