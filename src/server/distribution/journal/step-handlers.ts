// One journal step against Spotify and its effects on the database: one handler per op.
import { transaction } from "../../db/transaction.ts";
import type { Deps } from "../../deps/deps.ts";
import { isUnknownOutcome, SpotifyError } from "../../spotify/errors.ts";
import type { JournalOp, StepRow } from "../repository/journal.ts";
import { deletePlaylist, type PlaylistState } from "../repository/playlists.ts";
import { createPlaylistOnce } from "./create-step.ts";
import type { PlaylistOnSpotify } from "./edits.ts";
import type { ResumeCheck } from "./resume-check.ts";
import type { WrittenPlaylist } from "./run-activity.ts";
import {
  type JournalApi,
  type JournalWrites,
  MAX_UNKNOWN_OUTCOME_RETRIES,
  type StepContext,
} from "./step-context.ts";

export type { StepRow } from "../repository/journal.ts";
export type { PlaylistState } from "../repository/playlists.ts";
export type { JournalApi } from "./step-context.ts";

type StepHandler = (ctx: StepContext) => Promise<void>;

const handlers: Record<JournalOp, StepHandler> = {
  create: createPlaylistOnce,
  add: addSongs,
  remove: removeSongs,
  unfollow: unfollowPlaylist,
};

export async function applyStep(
  deps: Pick<Deps, "db" | "clock">,
  api: JournalApi,
  step: StepRow,
  playlist: PlaylistState,
  writes: JournalWrites,
  /** runs inside the transaction that marks the step done */
  onDone: () => void,
  resume: ResumeCheck | null = null,
): Promise<void> {
  const done = (result: string | null) => {
    writes.marks.done(step.id, result, deps.clock.now());
    onDone();
  };
  const commit = (effects: () => void, result: string | null) =>
    transaction(deps.db, () => {
      effects();
      done(result);
    });
  const handler = handlers[step.op];
  if (!handler) throw new Error(`unknown journal op ${step.op}`);
  await handler({ deps, api, step, playlist, writes, resume, done, commit });
}

/** The Spotify playlist a write goes to; a step on a playlist never created is a defect. */
function spotifyIdOf({ step, playlist }: StepContext): string {
  if (playlist.spotifyPlaylistId === null)
    throw new Error(`playlist ${step.playlistId} has no Spotify playlist for ${step.op}`);
  return playlist.spotifyPlaylistId;
}

/** The playlist a step writes to, as the checks and the activity name it. */
function onSpotify(ctx: StepContext): PlaylistOnSpotify & WrittenPlaylist {
  const { step, playlist } = ctx;
  return {
    id: step.playlistId,
    userId: playlist.userId,
    source: playlist.source,
    preferenceKey: playlist.preferenceKey,
    spotifyPlaylistId: spotifyIdOf(ctx),
  };
}

async function addSongs(ctx: StepContext): Promise<void> {
  const { deps, api, step, resume } = ctx;
  const target = onSpotify(ctx);
  const spotifyId = target.spotifyPlaylistId;
  // The playlist as it is now: checked once per run before its first write (the listener may have edited it),
  // and read on its own before a write that depends on positions.
  let view = await ctx.writes.views.of(target, step.position !== null);
  const trackIds = step.trackIds ?? [];
  // A song Crate holds there already is never added twice.
  let toSend = trackIds.filter((id) => !view.holds(id));
  if (step.status === "sent" || resume) {
    // The outcome of the last attempt is unknown: add only what is not there yet.
    const items = resume ? await resume.present(spotifyId) : await api.getPlaylistItems(spotifyId);
    const present = new Set(items);
    toSend = toSend.filter((id) => !present.has(id));
  }
  const indexFor = () =>
    step.position === null ? undefined : view.indexFor(step.position, step.anchors ?? null);
  let index = indexFor();
  ctx.writes.marks.sent(step.id, deps.clock.now());
  let snapshot: string | null = null;
  let checkedAgain = false;
  for (let attempt = 1; toSend.length > 0; attempt++) {
    try {
      snapshot = await api.addItems(spotifyId, toSend, index);
      await resume?.added(spotifyId, toSend, index);
      break;
    } catch (error) {
      if (outOfBounds(error, index) && !checkedAgain) {
        // The listener changed the playlist since the check: look again, once, and place the songs anew.
        checkedAgain = true;
        view = await ctx.writes.views.again(target);
        const present = new Set(await api.getPlaylistItems(spotifyId));
        toSend = toSend.filter((id) => !present.has(id));
        index = indexFor();
        continue;
      }
      if (!isUnknownOutcome(error) || attempt >= MAX_UNKNOWN_OUTCOME_RETRIES) throw error;
      // The addition may have been applied: resend only what the playlist does not hold yet.
      const present = new Set(await api.getPlaylistItems(spotifyId));
      toSend = toSend.filter((id) => !present.has(id));
    }
  }
  const sent = toSend;
  ctx.commit(() => {
    const now = deps.clock.now();
    ctx.writes.songs.added(step.playlistId, target.userId, trackIds, now);
    view.added(trackIds, sent, index);
    if (sent.length > 0) view.store(deps, snapshot);
    ctx.writes.activity.added(target, trackIds, now);
  }, snapshot);
}

/** Spotify's 400 for an insert position past the playlist's end. */
const outOfBounds = (error: unknown, position: number | undefined) =>
  error instanceof SpotifyError && error.status === 400 && position !== undefined && position > 0;

// Removals are safe to send twice, so they are not marked as sent first.
async function removeSongs(ctx: StepContext): Promise<void> {
  const { deps, api, step, resume } = ctx;
  const target = onSpotify(ctx);
  const view = await ctx.writes.views.of(target);
  if (view.edited && ctx.writes.views.replanFollows) return ctx.commit(() => undefined, "deferred");
  const trackIds = step.trackIds ?? [];
  const snapshot = await api.removeItems(target.spotifyPlaylistId, trackIds);
  await resume?.removed(target.spotifyPlaylistId, trackIds);
  ctx.commit(() => {
    const now = deps.clock.now();
    ctx.writes.songs.removed(step.playlistId, trackIds, now);
    view.removed(trackIds);
    view.store(deps, snapshot);
    ctx.writes.activity.removed(target, trackIds, step.reasons ?? null, now);
  }, snapshot);
}

async function unfollowPlaylist(ctx: StepContext): Promise<void> {
  const { deps, api, step, playlist } = ctx;
  if (playlist.spotifyPlaylistId !== null) await api.removePlaylistFromLibrary(playlist.spotifyPlaylistId);
  ctx.commit(() => deletePlaylist(deps.db, step.playlistId), null);
}
