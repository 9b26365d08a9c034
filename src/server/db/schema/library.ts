import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth.ts";

/** Track metadata, shared by all users. */
export const tracks = sqliteTable(
  "tracks",
  {
    id: text().primaryKey(),
    name: text().notNull(),
    artistIds: text({ mode: "json" }).$type<string[]>().notNull(),
    albumName: text().notNull().default(""),
    releaseDate: text(),
    durationMs: integer().notNull().default(0),
    /**
     * the recording's ISRC (Spotify's `external_ids.isrc`): one recording may be several tracks; the key for
     * MusicBrainz recordings and Deezer
     */
    isrc: text(),
    /**
     * missing: lookups for this track (features, its artists' facts) are still to come; present: the feature columns
     * below are set; unavailable: every configured source was asked and none knew (asked again after 30 days).
     */
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
    /** provenance of the feature columns (`spotify`, `reccobeats`) and when they arrived */
    featuresSource: text(),
    featuresFetchedAt: integer(),
    /** provenance of `tempo`: the feature source, or `deezer` (bpm only) */
    tempoSource: text(),
    fetchedAt: integer().notNull(),
    /** catalogue entry names this track belongs to (classified groups), cached; null until computed */
    categories: text({ mode: "json" }).$type<string[]>(),
    /** the classification rules version `categories` was computed with */
    categoriesVersion: text(),
  },
  (t) => [
    // enrichment starts from the songs still to look up: a few rows, not a walk over every listener's likes
    index("tracks_lookups_pending_idx").on(t.id).where(sql`${t.featuresStatus} = 'missing'`),
  ],
);

/** Artist metadata, shared by all users; genres drive genre, subgenre and nationality. */
export const artists = sqliteTable("artists", {
  id: text().primaryKey(),
  name: text().notNull(),
  /** Spotify's genres; null when Spotify never answered them (development-mode apps get none) */
  genres: text({ mode: "json" }).$type<string[]>(),
  fetchedAt: integer(),
  /** MusicBrainz artist id, found through the Spotify artist URL or a song's ISRC */
  mbid: text(),
  /** ISO 3166-1 code of the artist's country (MusicBrainz) */
  country: text(),
  /** MusicBrainz genres and tags (names as given), used when Spotify has no genres for the artist */
  mbTags: text({ mode: "json" }).$type<string[]>(),
  mbFetchedAt: integer(),
});

/**
 * One row per question asked of a metadata source (`source`: spotify, reccobeats, musicbrainz, deezer; `kind`:
 * what was asked, e.g. features, url, tags, isrc; `key`: the track, artist, MusicBrainz id or ISRC asked about).
 * A miss (`found` false) is asked again after 30 days; a hit is never asked again.
 */
export const metadataLookups = sqliteTable(
  "metadata_lookups",
  {
    source: text().notNull(),
    kind: text().notNull(),
    key: text().notNull(),
    found: integer({ mode: "boolean" }).notNull(),
    checkedAt: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.kind, t.key] }),
    // the misses due to be asked again (older than 30 days), found without reading the hits
    index("metadata_lookups_misses_idx").on(t.source, t.kind, t.checkedAt).where(sql`${t.found} = 0`),
  ],
);

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
    // every sync asks for the listener's highest seq: one index step, not a walk over all their likes
    index("likes_user_id_seq_idx").on(t.userId, t.seq),
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
  /** when turning AddRecordingOnce on last had the whole library read for its recordings (ISRCs): once is enough */
  recordingsReadAt: integer(),
});

/**
 * What Spotify's metadata allows this app, app-wide: `audioFeatures`, `artistsBatch` (403 answers) and
 * `artistGenres` (artists answered without `genres`); an unavailable capability is checked again after a day.
 */
export const metadataSources = sqliteTable("metadata_sources", {
  source: text().primaryKey(),
  status: text({ enum: ["available", "unavailable"] }).notNull(),
  checkedAt: integer().notNull(),
});
