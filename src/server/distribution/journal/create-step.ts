// The create step: makes the Spotify playlist once, even when an answer was lost, and recognises a lost
// creation only by the mark Crate writes into the description and the listener's ownership.
import { transaction } from "../../db/transaction.ts";
import { realSleep } from "../../platform/clock.ts";
import { isUnknownOutcome } from "../../spotify/errors.ts";
import { createsPrivatePlaylists } from "../repository/listeners.ts";
import { knownSpotifyPlaylistIds, setSpotifyPlaylistId } from "../repository/playlists.ts";
import { forgetState, storeState } from "../repository/presence.ts";
import { MAX_UNKNOWN_OUTCOME_RETRIES, type StepContext } from "./step-context.ts";

export const PLAYLIST_DESCRIPTION = "Kept up to date with your liked songs by Crate.";

/** What names a managed playlist for good (its row id changes if a lost plan is made again). */
export interface PlaylistIdentity {
  userId: string;
  source: string;
  preferenceKey: string;
  bucket: string;
  sequence: number;
}

/**
 * The description of a playlist Crate creates: the sentence plus a mark derived from the playlist's identity,
 * so a creation whose answer was lost is recognised by it (and the listener's ownership), never by name.
 * Letters, digits and a dash only: Spotify escapes some punctuation in descriptions.
 */
export function creationDescription(identity: PlaylistIdentity): string {
  return `${PLAYLIST_DESCRIPTION} (${creationMark(identity)})`;
}

export function creationMark(p: PlaylistIdentity): string {
  const key = [p.userId, p.source, p.preferenceKey, p.bucket, p.sequence].join("\u0000");
  return `crate-${new Bun.CryptoHasher("sha256").update(key).digest("hex").slice(0, 16)}`;
}

export async function createPlaylistOnce(ctx: StepContext): Promise<void> {
  const { deps, api, step, playlist, resume } = ctx;
  const db = deps.db;
  const existing = playlist.spotifyPlaylistId;
  if (existing !== null) return transaction(deps.db, () => ctx.done(existing));
  // A new playlist holds nothing yet: its version is the creation's, and the run's writes need no check.
  const made = (snapshotId: string | null) => {
    if (snapshotId === null) forgetState(db, step.playlistId);
    else storeState(db, step.playlistId, { snapshotId, entries: null });
    ctx.writes.activity.made({ id: step.playlistId, ...playlist }, deps.clock.now());
    if (snapshotId !== null) ctx.writes.views.made(step.playlistId);
  };
  const lost = step.status === "sent" || resume ? await findLostCreation(ctx) : null;
  if (lost)
    return ctx.commit(() => {
      setSpotifyPlaylistId(db, step.playlistId, lost);
      // What it holds is not known: the first write checks it.
      made(null);
    }, lost);
  ctx.writes.marks.sent(step.id, deps.clock.now());
  const isPrivate = createsPrivatePlaylists(db, playlist.userId);
  let created: { id: string; snapshot_id?: string } | null = null;
  for (let attempt = 1; created === null; attempt++) {
    try {
      created = await api.createPlaylist({
        name: playlist.name,
        public: !isPrivate,
        description: creationDescription(playlist),
      });
    } catch (error) {
      if (!isUnknownOutcome(error) || attempt >= MAX_UNKNOWN_OUTCOME_RETRIES) throw error;
      // The creation may have happened: take that playlist rather than making a second one.
      const found = await findAfterUnknownOutcome(ctx);
      if (found) created = { id: found };
    }
  }
  const createdId = created.id;
  const snapshotId = typeof created.snapshot_id === "string" ? created.snapshot_id : null;
  // The listener may have deleted the playlist while Spotify made it: then it leaves nothing behind.
  const kept = transaction(db, () => {
    const changed = setSpotifyPlaylistId(db, step.playlistId, createdId);
    if (changed) {
      made(snapshotId);
      ctx.done(createdId);
    }
    return changed;
  });
  if (!kept) {
    await api.removePlaylistFromLibrary(createdId);
    transaction(db, () => ctx.done(`deleted meanwhile: ${createdId}`));
  }
}

/**
 * Spotify's listing may lag behind a creation it made: after an unknown outcome the library is listed again a few
 * times, a little apart, before the playlist is made again.
 */
export const LISTING_RECHECKS_MS = [0, 1_000, 2_000, 4_000] as const;

async function findAfterUnknownOutcome(ctx: StepContext): Promise<string | null> {
  for (const wait of LISTING_RECHECKS_MS) {
    if (wait > 0) await (ctx.api.pause ?? realSleep)(wait);
    const found = await findLostCreation({ ...ctx, resume: null });
    if (found) return found;
  }
  return null;
}

/**
 * The answer to a creation a crash or a lost response hid: a playlist the listener owns whose description
 * carries this playlist's mark, and that Crate does not know yet. Never one found by name alone.
 */
async function findLostCreation({ deps, api, playlist, resume }: StepContext): Promise<string | null> {
  const listed = resume ? await resume.playlists() : api.myPlaylists ? await api.myPlaylists() : null;
  if (!listed) return null;
  const known = knownSpotifyPlaylistIds(deps.db, playlist.userId);
  const mark = creationMark(playlist);
  const found = listed.find(
    (p) => p.ownerId === playlist.ownerSpotifyId && (p.description ?? "").includes(mark) && !known.has(p.id),
  );
  return found?.id ?? null;
}
