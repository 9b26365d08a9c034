import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth.ts";

/**
 * "Never in this playlist": a song or an artist the listener keeps out of one catalogue entry's or one
 * combination's playlists (all their numbered and period playlists), now and at every later update.
 */
export const playlistExclusions = sqliteTable(
  "playlist_exclusions",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    source: text({ enum: ["predefined", "combination"] }).notNull(),
    /** catalogue entry name, or combination id (as managed_playlists.preference_key) */
    preferenceKey: text().notNull(),
    kind: text({ enum: ["track", "artist"] }).notNull(),
    /** the Spotify track or artist id */
    targetId: text().notNull(),
    /** the song's or artist's name when it was excluded, for the list */
    label: text().notNull(),
    createdAt: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.source, t.preferenceKey, t.kind, t.targetId] }),
    index("playlist_exclusions_user_id_idx").on(t.userId),
  ],
);

/** A listener's own genres and/or country for an artist; overrides every source, for their playlists only. */
export const artistCorrections = sqliteTable(
  "artist_corrections",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    artistId: text().notNull(),
    /** catalogue genre or subgenre names; null when the genres are not corrected */
    genres: text({ mode: "json" }).$type<string[]>(),
    /** ISO 3166-1 alpha-2; null when the country is not corrected */
    country: text(),
    createdAt: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.artistId] })],
);
