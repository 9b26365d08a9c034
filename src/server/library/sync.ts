// Library sync: reads the listener's likes newest first and stores them; the first sync reads every like,
// later ones stop at the first like already stored (one provider call when nothing is new).
import type { Db } from "../db/client.ts";
import { transaction } from "../db/transaction.ts";
import type { Deps } from "../deps/deps.ts";
import type { SavedTrack, SpotifyUserApi } from "../spotify/types.ts";
import { countActiveLikes } from "./likes-repository.ts";
import {
  activeLikesAfter,
  hasSyncRecord,
  likeStateReader,
  likeWriter,
  listedExtraOf,
  maxLikeSeq,
  recordSync,
  unlikeMarker,
} from "./sync-repository.ts";

export interface SyncResult {
  /** likes stored now that were not stored before (or were liked again) */
  newLikes: number;
  /** likes the listener has now, as far as Crate knows */
  totalLikes: number;
  /** every like was read (first sync or full resync) */
  full: boolean;
  /**
   * likes no longer there (marked unliked; they stay in playlists): all of them on a full resync; otherwise the
   * ones missing among the newest likes, which the first page shows at no extra call
   */
  unliked: number;
  /**
   * the first page's total does not add up with the stored likes: something was unliked beyond the page (or a
   * like arrived mid-walk); only a full resync tells which
   */
  listingDiffers: boolean;
}

type SyncDeps = Pick<Deps, "db" | "clock">;

/** True once the user's library has been read at least once. */
export function hasSyncedLibrary(deps: SyncDeps, userId: string): boolean {
  return hasSyncRecord(deps.db, userId);
}

export function countLikes(deps: SyncDeps, userId: string): number {
  return countActiveLikes(deps.db, userId);
}

/**
 * Reads new likes from the provider and stores them with the metadata the listing carries (tracks and
 * artist names into the shared cache). `full` reads every like and marks the ones no longer there as unliked.
 */
export async function syncLibrary(
  deps: SyncDeps,
  api: Pick<SpotifyUserApi, "likedTracks">,
  userId: string,
  options: { full?: boolean } = {},
): Promise<SyncResult> {
  const full = options.full === true || !hasSyncedLibrary(deps, userId);
  const known = likeStateReader(deps.db);
  const isKnown = full
    ? undefined
    : (trackId: string, addedAt: string) => {
        const row = known(userId, trackId);
        return row !== null && row.unlikedAt === null && row.likedAt === Date.parse(addedAt);
      };
  const fetched: SavedTrack[] = [];
  let newest: NewestLikes | null = null;
  const firstPage = (
    likes: { trackId: string; addedAt: string }[],
    wholeLibrary: boolean,
    total: number | null,
  ) => {
    newest = { likes, wholeLibrary, total };
  };
  for await (const page of api.likedTracks({ isKnown, firstPage })) fetched.push(...page);

  const now = deps.clock.now();
  return storeLikes(deps.db, userId, fetched, { full, newest }, now);
}

/** The first page of likes as listed now; unlikes among them are found without reading the whole library. */
interface NewestLikes {
  likes: { trackId: string; addedAt: string }[];
  wholeLibrary: boolean;
  total: number | null;
}

/** `full`: every like was read (a first sync or a full resync); `newest`: the first page, when it was read. */
function storeLikes(
  db: Db,
  userId: string,
  newestFirst: SavedTrack[],
  read: { full: boolean; newest: NewestLikes | null },
  now: number,
) {
  const { full, newest } = read;
  const writer = likeWriter(db);
  const existing = likeStateReader(db);
  const { newLikes, unliked, totalLikes, listingDiffers } = transaction(db, () => {
    const maxSeq = maxLikeSeq(db, userId);
    let newLikes = 0;
    const seen = new Set<string>();
    newestFirst.forEach((saved, index) => {
      const track = saved.track;
      const id = track.id;
      if (!id || seen.has(id)) return;
      seen.add(id);
      const likedAt = Date.parse(saved.added_at);
      if (Number.isNaN(likedAt)) return;
      // Spotify may list a song with `artists` null (or holes in it): stored without those artists
      const artists = (Array.isArray(track.artists) ? track.artists : []).filter((a) => a?.id);
      writer.track({
        id,
        name: track.name ?? "",
        artistIds: artists.map((a) => a.id),
        albumName: track.album?.name ?? "",
        releaseDate: track.album?.release_date ?? null,
        durationMs: track.duration_ms ?? 0,
        isrc: normaliseIsrc(track.external_ids?.isrc),
        fetchedAt: now,
      });
      for (const artist of artists) writer.artist({ id: artist.id, name: artist.name ?? "" });
      const before = existing(userId, id);
      // A like stored as it is listed keeps its row (and its order among equal times): nothing to write.
      if (before && before.unlikedAt === null && before.likedAt === likedAt) return;
      newLikes += 1;
      // The newest like gets the highest seq, so equal likedAt keeps the provider's order.
      writer.like({ userId, trackId: id, likedAt, seq: maxSeq + newestFirst.length - index });
    });
    const unliked = full
      ? markUnliked(db, userId, seen, now)
      : newest
        ? markUnlikedAmongNewest(db, userId, newest, now)
        : 0;
    const stored = countActiveLikes(db, userId);
    const total = (newest as NewestLikes | null)?.total ?? null;
    const listedExtra = listedExtraOf(db, userId);
    recordSync(db, {
      userId,
      lastSyncAt: now,
      lastFullSyncAt: full ? now : null,
      // An unlike changes Latest N playlists: the job distributes it too.
      newLikesPending: newLikes > 0 || unliked > 0,
      listedExtra: full && total !== null ? Math.max(0, total - stored) : listedExtra,
    });
    return {
      newLikes,
      unliked,
      totalLikes: stored,
      listingDiffers: !full && total !== null && total !== stored + listedExtra,
    };
  });
  return { newLikes, totalLikes, full, unliked, listingDiffers };
}

/** Marks unliked the stored likes newer than `newerThan` (ms) that the provider no longer lists. */
function markUnliked(
  db: Db,
  userId: string,
  listed: ReadonlySet<string>,
  now: number,
  newerThan = Number.NEGATIVE_INFINITY,
): number {
  const stored = activeLikesAfter(db, userId, Math.max(newerThan, -8.64e15));
  const mark = unlikeMarker(db);
  let count = 0;
  for (const trackId of stored) {
    if (listed.has(trackId)) continue;
    mark(userId, trackId, now);
    count += 1;
  }
  return count;
}

/**
 * The unlikes the first page shows: stored likes newer than the oldest one on it that are not on it (every
 * stored like not on it when the page is the whole library). Likes as old as the page's oldest are left alone:
 * another like of the same second may stand on the next page.
 */
function markUnlikedAmongNewest(db: Db, userId: string, newest: NewestLikes, now: number): number {
  const listed = new Set(newest.likes.map((l) => l.trackId));
  if (newest.wholeLibrary) return markUnliked(db, userId, listed, now);
  const times = newest.likes.map((l) => Date.parse(l.addedAt)).filter((t) => !Number.isNaN(t));
  if (times.length === 0) return 0;
  return markUnliked(db, userId, listed, now, Math.min(...times));
}

/** ISRCs are 12 letters and digits; anything else is stored as unknown. */
function normaliseIsrc(isrc: string | undefined): string | null {
  const code = isrc?.trim().toUpperCase().replace(/-/g, "");
  return code && /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(code) ? code : null;
}
