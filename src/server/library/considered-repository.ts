// What loading the considered songs reads and caches: the user's active likes with each track's cached
// categories, and the facts classifying a track needs. Prepared bun:sqlite statements read as plain values: a
// plan reads every like (tens of thousands for a large library), and drizzle's builder made this about twice as
// slow. Rows are typed from the schema; stored JSON lists are parsed and checked here.
import {
  type ClassifiedFeatureName,
  classifiedFeatureNames,
  featureFacts,
} from "../../shared/audio-features.ts";
import type { Db } from "../db/client.ts";
import type { artists, likes, tracks } from "../db/schema/index.ts";
import { transaction } from "../db/transaction.ts";

type Like = typeof likes.$inferSelect;
type Track = typeof tracks.$inferSelect;

/** A like with its track's cached categories (null when none are cached) and the facts rules read of it. */
export type ConsideredLike = Pick<Like, "trackId" | "likedAt"> &
  Pick<Track, "categories" | "categoriesVersion" | "isrc" | "releaseDate" | "tempo"> & {
    /** the track's artist ids as stored (JSON), parsed only for the rules that read them */
    artistIdsJson: string | null;
  };

/** A stored JSON list of strings; anything else reads as null. */
export function parseStringList(json: string | null): string[] | null {
  if (json === null) return null;
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) && parsed.every((v) => typeof v === "string") ? parsed : null;
}

const text = (v: unknown): string | null => (typeof v === "string" ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" ? v : null);

export type LikeRow = [like: Omit<ConsideredLike, "categories">, categoriesJson: string | null];

/** The columns read for a like (the order likeOfRow reads them in). */
const LIKE_COLUMNS =
  "l.track_id, l.liked_at, t.categories, t.categories_version, t.isrc, t.release_date, t.tempo, t.artist_ids";

/** Likes read by one statement when a whole library is read: a caller pausing between songs pauses between reads. */
const LIKES_PAGE = 1_000;

/**
 * The listener's active likes (or, with `unliked`, the likes they took back), oldest first, with each track's
 * cached categories (JSON) — the newest `limit` when a limit is given (read at once). Cached categories come as
 * stored (`categoriesJson`), so a stale cache is never parsed. Handed out one by one, so a caller may pause between
 * them; a whole library is read a page at a time, so no read holds the process for the whole library.
 */
export function* activeLikesOldestFirst(
  db: Db,
  userId: string,
  limit: number | null,
  unliked = false,
): Generator<LikeRow> {
  const which = `l.user_id = ? AND l.unliked_at IS ${unliked ? "NOT NULL" : "NULL"}`;
  if (limit !== null) {
    const rows = db.$client
      .query<never, [string, number]>(
        `SELECT ${LIKE_COLUMNS} FROM likes l JOIN tracks t ON t.id = l.track_id
         WHERE ${which} ORDER BY l.liked_at DESC, l.seq DESC, l.track_id DESC LIMIT ?`,
      )
      .values(userId, limit);
    for (let i = rows.length - 1; i >= 0; i--) {
      const like = likeOfRow(rows[i]);
      if (like) yield like;
    }
    return;
  }
  const page = db.$client.query<never, [string, number, number, string, number]>(
    `SELECT ${LIKE_COLUMNS}, l.seq FROM likes l JOIN tracks t ON t.id = l.track_id
     WHERE ${which} AND (l.liked_at, l.seq, l.track_id) > (?, ?, ?)
     ORDER BY l.liked_at, l.seq, l.track_id LIMIT ?`,
  );
  let after: [number, number, string] = [Number.MIN_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, ""];
  for (;;) {
    const rows = page.values(userId, ...after, LIKES_PAGE);
    for (const row of rows) {
      const like = likeOfRow(row);
      if (like) yield like;
    }
    const last = rows[rows.length - 1];
    if (rows.length < LIKES_PAGE || !last) return;
    after = [Number(last[1]), Number(last[8]), String(last[0])];
  }
}

function likeOfRow(row: unknown[] | undefined): LikeRow | null {
  const [trackId, likedAt, categories, version, isrc, releaseDate, tempo, artistIds] = row ?? [];
  if (typeof trackId !== "string" || typeof likedAt !== "number") return null;
  return [
    {
      trackId,
      likedAt,
      categoriesVersion: text(version),
      isrc: text(isrc),
      releaseDate: text(releaseDate),
      tempo: num(tempo),
      artistIdsJson: text(artistIds),
    },
    text(categories),
  ];
}

/** One active like of the listener with its track's cached categories (as above), or null. */
export function activeLike(db: Db, userId: string, trackId: string): LikeRow | null {
  const row = db.$client
    .query<never, [string, string]>(
      `SELECT ${LIKE_COLUMNS} FROM likes l JOIN tracks t ON t.id = l.track_id
       WHERE l.user_id = ? AND l.track_id = ? AND l.unliked_at IS NULL`,
    )
    .values(userId, trackId)[0] as unknown[] | undefined;
  return likeOfRow(row);
}

/** The track facts classification reads. */
export type TrackFacts = Pick<
  Track,
  "id" | "artistIds" | "releaseDate" | "featuresStatus" | "featuresSource" | ClassifiedFeatureName
>;

export type ArtistFacts = Pick<typeof artists.$inferSelect, "id" | "genres" | "mbTags" | "country">;

/** `IN (…)` lists stay well under SQLite's bound-parameter limit. */
const CHUNK = 500;

function valuesByIds(db: Db, selectIn: string, ids: readonly string[], take: (row: unknown[]) => void): void {
  for (let i = 0; i < ids.length; i += CHUNK) {
    const part = ids.slice(i, i + CHUNK);
    const rows = db.$client
      .query<never, string[]>(`${selectIn} (${part.map(() => "?").join(",")})`)
      .values(...part);
    for (const row of rows) take(row);
  }
}

const featuresStatusOf = (v: unknown): Track["featuresStatus"] =>
  v === "present" || v === "unavailable" ? v : "missing";

export function trackFactsByIds(db: Db, ids: readonly string[]): Map<string, TrackFacts> {
  const found = new Map<string, TrackFacts>();
  valuesByIds(
    db,
    `SELECT id, artist_ids, release_date, features_status, features_source, ${classifiedFeatureNames.join(", ")}
       FROM tracks WHERE id IN`,
    ids,
    ([id, artistIds, releaseDate, status, source, ...features]) => {
      if (typeof id !== "string") return;
      found.set(id, {
        id,
        artistIds: parseStringList(text(artistIds)) ?? [],
        releaseDate: text(releaseDate),
        featuresStatus: featuresStatusOf(status),
        featuresSource: text(source),
        ...featureFacts((_, index) => num(features[index])),
      });
    },
  );
  return found;
}

export function artistFactsByIds(db: Db, ids: readonly string[]): Map<string, ArtistFacts> {
  const found = new Map<string, ArtistFacts>();
  valuesByIds(
    db,
    "SELECT id, genres, mb_tags, country FROM artists WHERE id IN",
    ids,
    ([id, genres, mbTags, country]) => {
      if (typeof id !== "string") return;
      found.set(id, {
        id,
        genres: parseStringList(text(genres)),
        mbTags: parseStringList(text(mbTags)),
        country: text(country),
      });
    },
  );
  return found;
}

/** Caches tracks' categories under a classification version, in one transaction. */
export function saveCategories(
  db: Db,
  saved: readonly { trackId: string; categories: readonly string[] }[],
  version: string,
): void {
  const save = db.$client.query<never, [string, string, string]>(
    "UPDATE tracks SET categories = ?, categories_version = ? WHERE id = ?",
  );
  transaction(db, () => {
    for (const { trackId, categories } of saved) save.run(JSON.stringify(categories), version, trackId);
  });
}
