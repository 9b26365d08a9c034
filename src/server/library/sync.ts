// Library sync: reads the listener's likes newest first and stores them; the first sync reads every like,
// later ones stop at the first like already stored (one provider call when nothing is new).
import type { Database } from "bun:sqlite";
import type { Deps } from "../deps.ts";
import type { SavedTrack, SpotifyUserApi } from "../spotify/types.ts";

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
  return deps.db.$client.query("SELECT 1 FROM library_syncs WHERE user_id = ?").get(userId) !== null;
}

export function countLikes(deps: SyncDeps, userId: string): number {
  const row = deps.db.$client
    .query<{ n: number }, [string]>(
      "SELECT count(*) AS n FROM likes WHERE user_id = ? AND unliked_at IS NULL",
    )
    .get(userId);
  return row?.n ?? 0;
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
  const sqlite = deps.db.$client;
  const full = options.full === true || !hasSyncedLibrary(deps, userId);
  const known = sqlite.query<{ liked_at: number; unliked_at: number | null }, [string, string]>(
    "SELECT liked_at, unliked_at FROM likes WHERE user_id = ? AND track_id = ?",
  );
  const isKnown = full
    ? undefined
    : (trackId: string, addedAt: string) => {
        const row = known.get(userId, trackId);
        return row !== null && row.unliked_at === null && row.liked_at === Date.parse(addedAt);
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
  return storeLikes(sqlite, userId, fetched, { full, newest }, now);
}

/** The first page of likes as listed now; unlikes among them are found without reading the whole library. */
interface NewestLikes {
  likes: { trackId: string; addedAt: string }[];
  wholeLibrary: boolean;
  total: number | null;
}

/** `full`: every like was read (a first sync or a full resync); `newest`: the first page, when it was read. */
function storeLikes(
  sqlite: Database,
  userId: string,
  newestFirst: SavedTrack[],
  read: { full: boolean; newest: NewestLikes | null },
  now: number,
) {
  const { full, newest } = read;
  const insertTrack = sqlite.query(
    `INSERT INTO tracks (id, name, artist_ids, album_name, release_date, duration_ms, isrc, features_status, fetched_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'missing', ?)
     ON CONFLICT(id) DO UPDATE SET isrc = excluded.isrc WHERE tracks.isrc IS NULL AND excluded.isrc IS NOT NULL`,
  );
  const insertArtist = sqlite.query(
    "INSERT INTO artists (id, name) VALUES (?, ?) ON CONFLICT(id) DO NOTHING",
  );
  const upsertLike = sqlite.query(
    `INSERT INTO likes (user_id, track_id, liked_at, seq, unliked_at) VALUES (?, ?, ?, ?, NULL)
     ON CONFLICT(user_id, track_id) DO UPDATE SET liked_at = excluded.liked_at, seq = excluded.seq, unliked_at = NULL
     WHERE likes.liked_at != excluded.liked_at OR likes.unliked_at IS NOT NULL OR likes.seq != excluded.seq`,
  );
  const existing = sqlite.query<{ liked_at: number; unliked_at: number | null }, [string, string]>(
    "SELECT liked_at, unliked_at FROM likes WHERE user_id = ? AND track_id = ?",
  );
  const write = sqlite.transaction(() => {
    const maxSeq =
      sqlite
        .query<{ m: number | null }, [string]>("SELECT max(seq) AS m FROM likes WHERE user_id = ?")
        .get(userId)?.m ?? 0;
    let newLikes = 0;
    const seen = new Set<string>();
    newestFirst.forEach((saved, index) => {
      const track = saved.track;
      const id = track.id;
      if (!id || seen.has(id)) return;
      seen.add(id);
      const likedAt = Date.parse(saved.added_at);
      if (Number.isNaN(likedAt)) return;
      insertTrack.run(
        id,
        track.name ?? "",
        JSON.stringify(track.artists.map((a) => a.id).filter(Boolean)),
        track.album?.name ?? "",
        track.album?.release_date ?? null,
        track.duration_ms ?? 0,
        normaliseIsrc(track.external_ids?.isrc),
        now,
      );
      for (const artist of track.artists) if (artist.id) insertArtist.run(artist.id, artist.name ?? "");
      const before = existing.get(userId, id);
      if (!before || before.unliked_at !== null || before.liked_at !== likedAt) newLikes += 1;
      // The newest like gets the highest seq, so equal likedAt keeps the provider's order.
      upsertLike.run(userId, id, likedAt, maxSeq + newestFirst.length - index);
    });
    const unliked = full
      ? markUnliked(sqlite, userId, seen, now)
      : newest
        ? markUnlikedAmongNewest(sqlite, userId, newest, now)
        : 0;
    const stored = countStored(sqlite, userId);
    const total = (newest as NewestLikes | null)?.total ?? null;
    const listedExtra =
      sqlite
        .query<{ x: number }, [string]>("SELECT listed_extra AS x FROM library_syncs WHERE user_id = ?")
        .get(userId)?.x ?? 0;
    sqlite
      .query(
        `INSERT INTO library_syncs (user_id, last_sync_at, last_full_sync_at, new_likes_pending, listed_extra)
         VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(user_id) DO UPDATE SET last_sync_at = excluded.last_sync_at,
           last_full_sync_at = coalesce(excluded.last_full_sync_at, library_syncs.last_full_sync_at),
           new_likes_pending = max(library_syncs.new_likes_pending, excluded.new_likes_pending),
           listed_extra = excluded.listed_extra`,
      )
      // An unlike changes Latest N playlists: the job distributes it too.
      .run(
        userId,
        now,
        full ? now : null,
        newLikes > 0 || unliked > 0 ? 1 : 0,
        full && total !== null ? Math.max(0, total - stored) : listedExtra,
      );
    return {
      newLikes,
      unliked,
      totalLikes: stored,
      listingDiffers: !full && total !== null && total !== stored + listedExtra,
    };
  });
  const { newLikes, unliked, totalLikes, listingDiffers } = write();
  return { newLikes, totalLikes, full, unliked, listingDiffers };
}

const countStored = (sqlite: Database, userId: string) =>
  sqlite
    .query<{ n: number }, [string]>(
      "SELECT count(*) AS n FROM likes WHERE user_id = ? AND unliked_at IS NULL",
    )
    .get(userId)?.n ?? 0;

/** Marks unliked the stored likes newer than `newerThan` (ms) that the provider no longer lists. */
function markUnliked(
  sqlite: Database,
  userId: string,
  listed: ReadonlySet<string>,
  now: number,
  newerThan = Number.NEGATIVE_INFINITY,
): number {
  const stored = sqlite
    .query<{ track_id: string }, [string, number]>(
      "SELECT track_id FROM likes WHERE user_id = ? AND liked_at > ? AND unliked_at IS NULL",
    )
    .all(userId, Math.max(newerThan, -8.64e15));
  const mark = sqlite.query("UPDATE likes SET unliked_at = ? WHERE user_id = ? AND track_id = ?");
  let count = 0;
  for (const { track_id } of stored) {
    if (listed.has(track_id)) continue;
    mark.run(now, userId, track_id);
    count += 1;
  }
  return count;
}

/**
 * The unlikes the first page shows: stored likes newer than the oldest one on it that are not on it (every
 * stored like not on it when the page is the whole library). Likes as old as the page's oldest are left alone:
 * another like of the same second may stand on the next page.
 */
function markUnlikedAmongNewest(sqlite: Database, userId: string, newest: NewestLikes, now: number): number {
  const listed = new Set(newest.likes.map((l) => l.trackId));
  if (newest.wholeLibrary) return markUnliked(sqlite, userId, listed, now);
  const times = newest.likes.map((l) => Date.parse(l.addedAt)).filter((t) => !Number.isNaN(t));
  if (times.length === 0) return 0;
  return markUnliked(sqlite, userId, listed, now, Math.min(...times));
}

/** ISRCs are 12 letters and digits; anything else is stored as unknown. */
function normaliseIsrc(isrc: string | undefined): string | null {
  const code = isrc?.trim().toUpperCase().replace(/-/g, "");
  return code && /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/.test(code) ? code : null;
}
