// Applies a distribution's journal: each write is marked "sent" before it goes to Spotify and "done" (with
// its effects on the database) after, so a crash or a provider failure resumes at the first step not done.
// Writes to different playlists run side by side; one playlist's writes run one after another, in order.
import { transaction } from "../../db/transaction.ts";
import type { Deps } from "../../deps/deps.ts";
import { isSpotifyNotFound } from "../../spotify/errors.ts";
import { markStepFailed, openSteps, stepMarks } from "../repository/journal.ts";
import { songRecords } from "../repository/playlist-songs.ts";
import { activePlaylistsOnSpotify, playlistStateReader } from "../repository/playlists.ts";
import { findDistribution } from "../repository/runs.ts";
import { PlaylistViews } from "./edits.ts";
import { readLibraryListing } from "./library-listing.ts";
import { permanentFailure } from "./permanent-failures.ts";
import { ProgressTracker } from "./progress.ts";
import { ResumeCheck } from "./resume-check.ts";
import { RunActivity } from "./run-activity.ts";
import { applyStep, type JournalApi, type PlaylistState, type StepRow } from "./step-handlers.ts";
import { markFailed, markThoseOutOfLibrary, markVanished, type PlaylistOnSpotify } from "./vanished.ts";

export { PLAYLIST_DESCRIPTION } from "./create-step.ts";
export type { JournalApi } from "./step-handlers.ts";

/** Playlists written to at once by one distribution (the Spotify client bounds all calls together too). */
export const PLAYLISTS_AT_ONCE = 4;

/** Runs every step of the distribution not done yet. Returns "stopped" when asked to halt. */
export async function applyJournal(
  deps: Pick<Deps, "db" | "clock" | "log">,
  api: JournalApi,
  distributionId: string,
  shouldStop: () => boolean = () => false,
  /** a run resumed after a crash or failure: its last marks may be lost, so writes are checked first */
  resumed = false,
  /**
   * `replanFollows`: a run planned again follows when this one finds the listener's own removals or re-adds
   * (filled in as `presenceChanged`)
   */
  report: { replanFollows: boolean; presenceChanged: boolean } = {
    replanFollows: false,
    presenceChanged: false,
  },
): Promise<"done" | "stopped"> {
  const { db } = deps;
  const steps = openSteps(db, distributionId);
  const loadPlaylist = playlistStateReader(db);
  const run = findDistribution(db, distributionId);
  // Deleting a playlist in the Spotify app only takes it out of the user's library; the Web API still
  // accepts writes to it. So before a run writes to playlists that exist, it asks about every playlist Crate
  // keeps for the listener (which also shows one deleted that no update writes to any more), and learns the
  // version of each it writes to: from the library's listing when that costs fewer calls, else one by one.
  const written = playlistsWrittenTo(steps, loadPlaylist);
  const kept = written.length > 0 && run ? activePlaylistsOnSpotify(db, run.userId) : written;
  const listing = await readLibraryListing(api, kept.length, written.length);
  const unlisted = listing.listed ? kept.filter((p) => !listing.listed?.has(p.spotifyId)) : kept;
  await markThoseOutOfLibrary(deps, api, unlisted);
  const writes = {
    marks: stepMarks(db),
    songs: songRecords(db),
    views: new PlaylistViews(deps, api, listing.snapshots, report.replanFollows),
    activity: new RunActivity(db, distributionId, run?.trigger ?? null),
  };

  const progress = new ProgressTracker(db, distributionId, steps);
  const resume = resumed ? new ResumeCheck(api) : null;

  const runStep = async (step: StepRow) => {
    const onDone = () => progress.stepDone(step.id, step.entryType);
    const playlist = loadPlaylist(step.playlistId);
    const writable = playlist && (step.op === "unfollow" || playlist.status === "active");
    if (!playlist || !writable) {
      const left =
        playlist?.status === "vanished" || playlist?.status === "failed" ? playlist.status : "skipped";
      writes.marks.done(step.id, left, deps.clock.now());
      return onDone();
    }
    try {
      await applyStep(deps, api, step, playlist, writes, onDone, resume);
    } catch (error) {
      if (isSpotifyNotFound(error) && step.op !== "create") {
        // The playlist is gone on Spotify: mark it, never recreate it, skip its remaining writes.
        transaction(db, () => {
          markVanished(deps, step.playlistId, "not found");
          writes.marks.done(step.id, "vanished", deps.clock.now());
          onDone();
        });
        return;
      }
      const failure = permanentFailure(error);
      if (failure === null) throw error;
      // Refused for good (full, not writable): this playlist stops here; the others go on.
      const reason = error instanceof Error ? error.message : String(error);
      transaction(db, () => {
        markFailed(deps, step.playlistId, failure, reason);
        markStepFailed(db, step.id, reason, deps.clock.now());
        onDone();
      });
    }
  };

  const busy = new Map<string, Promise<void>>();
  let failure: { error: unknown } | null = null;
  let stopped = false;
  for (const step of steps) {
    if (failure) break;
    if (shouldStop()) {
      stopped = true;
      break;
    }
    // The same playlist's previous write first, then room for one more playlist at once.
    const previous = busy.get(step.playlistId);
    if (previous) await previous;
    while (busy.size >= PLAYLISTS_AT_ONCE) await Promise.race(busy.values());
    if (failure) break;
    const running: Promise<void> = runStep(step)
      .catch((error) => {
        failure ??= { error };
      })
      .finally(() => {
        if (busy.get(step.playlistId) === running) busy.delete(step.playlistId);
      });
    busy.set(step.playlistId, running);
  }
  await Promise.all(busy.values());
  report.presenceChanged ||= writes.views.presenceChanged;
  if (failure) throw (failure as { error: unknown }).error;
  return stopped ? "stopped" : "done";
}

/** The active playlists that already exist on Spotify and that the steps add songs to or remove songs from. */
function playlistsWrittenTo(
  steps: readonly StepRow[],
  load: (id: string) => PlaylistState | null,
): PlaylistOnSpotify[] {
  const written = new Map<string, PlaylistOnSpotify>();
  for (const step of steps) {
    if ((step.op !== "add" && step.op !== "remove") || written.has(step.playlistId)) continue;
    const playlist = load(step.playlistId);
    if (playlist?.status !== "active" || playlist.spotifyPlaylistId === null) continue;
    written.set(step.playlistId, { id: step.playlistId, spotifyId: playlist.spotifyPlaylistId });
  }
  return [...written.values()];
}
