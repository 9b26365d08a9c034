import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth.ts";

/** Track metadata, shared by all users. */
export const tracks = sqliteTable("tracks", {
  id: text().primaryKey(),
  name: text().notNull(),
  artistIds: text({ mode: "json" }).$type<string[]>().notNull(),
  albumName: text().notNull().default(""),
  releaseDate: text(),
  durationMs: integer().notNull().default(0),
  /** the recording's ISRC (`external_ids.isrc` of the like); one recording may be several tracks */
  isrc: text(),
  /** missing: not fetched yet; present: columns below are set; unavailable: the provider refused or has none. */
  featuresStatus: text({ enum: ["missing", "present", "unavailable"] })
    .notNull()
    .default("missing"),
  tempo: real(),
  energy: real(),
  valence: real(),
  danceability: real(),
  acousticness: real(),
  instrumentalness: real(),
  speechiness: real(),
  fetchedAt: integer().notNull(),
  /** catalogue entry names this track belongs to (classified groups), cached; null until computed */
  categories: text({ mode: "json" }).$type<string[]>(),
  /** the classification rules version `categories` was computed with */
  categoriesVersion: text(),
});

/** Artist metadata, shared by all users; genres drive genre, subgenre and nationality. */
export const artists = sqliteTable("artists", {
  id: text().primaryKey(),
  name: text().notNull(),
  genres: text({ mode: "json" }).$type<string[]>(),
  fetchedAt: integer(),
});

export const likes = sqliteTable(
  "likes",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    trackId: text().notNull(),
    likedAt: integer().notNull(),
    /** Set when a later full sync no longer finds the like; kept, since unliked songs stay in playlists. */
    unlikedAt: integer(),
    /** provider order among likes with the same likedAt (higher = newer) */
    seq: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.trackId] }),
    index("likes_user_id_liked_at_idx").on(t.userId, t.likedAt),
  ],
);

/** Per user: when the library was last read from the provider. */
export const librarySyncs = sqliteTable("library_syncs", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lastSyncAt: integer().notNull(),
  lastFullSyncAt: integer(),
  /**
   * items the provider's `total` counted at the last full read that are not stored likes (local files, repeats):
   * a later first page whose total differs from stored likes + this by anything else shows an unlike further back
   */
  listedExtra: integer().notNull().default(0),
  /** a sync found new likes that no distribution has planned yet (set by any sync, cleared by planning) */
  newLikesPending: integer({ mode: "boolean" }).notNull().default(false),
});

/** What the provider's metadata sources allow, app-wide (e.g. audio features refused with 403). */
export const metadataSources = sqliteTable("metadata_sources", {
  source: text().primaryKey(),
  status: text({ enum: ["available", "unavailable"] }).notNull(),
  checkedAt: integer().notNull(),
});
