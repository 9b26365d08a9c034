import {
  foreignKey,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { playlistFailures } from "../../../shared/playlist-failures.ts";
import { songOrders, unlikedChoices } from "../../../shared/rules/model.ts";
import { listenerSettings, type SettingKey, settingKeys } from "../../../shared/settings.ts";
import { users } from "./auth.ts";

/** Predefined catalogue entries the user selected. Deselecting deletes the row. */
export const simplePreferences = sqliteTable(
  "simple_preferences",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    selectedAt: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);

export const combinations = sqliteTable(
  "combinations",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    playlistName: text().notNull(),
    criteria: text({ mode: "json" }).notNull(),
    /** the rule's criteria that exclude (JSON, the criteria's shape); null: none */
    exceptCriteria: text({ mode: "json" }),
    /** the order of the songs on Spotify (`liked`, `likedNewestFirst`, …; shared/rules/model.ts) */
    songOrder: text({ enum: songOrders }).notNull().default("liked"),
    /** at most this many songs; null: no limit */
    songLimit: integer(),
    unliked: text({ enum: unlikedChoices }).notNull().default("keep"),
    /** the rule was edited: at the next plan, held songs that no longer match leave (`reorder`: written anew) */
    pendingReconcile: text({ enum: ["match", "reorder"] }),
    /** false when deleting its Spotify playlist failed; the row asks the user to delete again. */
    active: integer({ mode: "boolean" }).notNull().default(true),
    createdAt: integer().notNull(),
  },
  (t) => [index("combinations_user_id_idx").on(t.userId)],
);

/** Combination names a user has used, so a name is never reused (code 23). */
export const usedCombinationNames = sqliteTable(
  "used_combination_names",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    nameKey: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.nameKey] })],
);

const settingColumn = (byDefault: boolean) => integer({ mode: "boolean" }).notNull().default(byDefault);

/** One column per listener setting, named after its key (src/shared/settings.ts declares them). */
export const userSettings = sqliteTable("user_settings", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  ...(Object.fromEntries(settingKeys.map((key) => [key, settingColumn(listenerSettings[key].default)])) as {
    [K in SettingKey]: ReturnType<typeof settingColumn>;
  }),
});

/** Every setting's column, to select them all (`db.select(userSettingColumns)`). */
export const userSettingColumns = Object.fromEntries(settingKeys.map((key) => [key, userSettings[key]])) as {
  [K in SettingKey]: (typeof userSettings)[K];
};

/**
 * A Spotify playlist Crate manages. One preference (catalogue entry or combination) may own several:
 * one per period for Liked At, one per part for partitions, and numbered spill playlists past 10,000 songs.
 */
export const managedPlaylists = sqliteTable(
  "managed_playlists",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    source: text({ enum: ["predefined", "combination"] }).notNull(),
    /** catalogue entry name, or combination id */
    preferenceKey: text().notNull(),
    /** the period or part this playlist holds ("2025-03", "2025", "north-2025-spring", "part-3"), "" otherwise */
    bucket: text().notNull().default(""),
    /** 1 for the first playlist, 2 for "… 2" after a spill */
    sequence: integer().notNull().default(1),
    spotifyPlaylistId: text(),
    name: text().notNull(),
    /** failed: Spotify refused a write for good (see `failure`); shown and left alone like a vanished one */
    status: text({ enum: ["active", "frozen", "vanished", "deselected", "failed"] })
      .notNull()
      .default("active"),
    failure: text({ enum: playlistFailures }),
    trackCount: integer().notNull().default(0),
    /** period key of the current sample of a random playlist */
    samplePeriod: text(),
    createdAt: integer().notNull(),
    latestTrackAddedAt: integer(),
    latestSettledTrackLikedAt: integer(),
    /** the grant end whose reminder the description carries; null: the normal description */
    reminderEndsAt: integer(),
    /** Spotify's version of the playlist as Crate last wrote or read it; null: not known, read its items */
    snapshotId: text(),
  },
  (t) => [
    index("managed_playlists_user_id_idx").on(t.userId),
    uniqueIndex("managed_playlists_identity_idx").on(
      t.userId,
      t.source,
      t.preferenceKey,
      t.bucket,
      t.sequence,
    ),
  ],
);

/** Every song Crate added to a managed playlist; never deleted, so a removed song is never re-added. */
export const playlistSongs = sqliteTable(
  "playlist_songs",
  {
    playlistId: text()
      .notNull()
      .references(() => managedPlaylists.id, { onDelete: "cascade" }),
    trackId: text().notNull(),
    addedAt: integer().notNull(),
    /** set when Crate itself removed it (Latest N roll, Random replacement, the listener's exclusion or correction) */
    removedAt: integer(),
    /** when Crate noticed the song is no longer in the Spotify playlist (the listener removed it there) */
    missingSince: integer(),
  },
  (t) => [primaryKey({ columns: [t.playlistId, t.trackId] })],
);

/** The listener's own Spotify playlists a rule's `inPlaylist` names, as Crate last read them. */
export const sourcePlaylists = sqliteTable(
  "source_playlists",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    playlistId: text().notNull(),
    name: text().notNull(),
    /** Spotify's snapshot when its items were read: unchanged, they are not read again */
    snapshotId: text(),
    checkedAt: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.playlistId] })],
);

/** The songs of a source playlist, as last read. */
export const sourcePlaylistSongs = sqliteTable(
  "source_playlist_songs",
  {
    userId: text().notNull(),
    playlistId: text().notNull(),
    trackId: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.playlistId, t.trackId] }),
    foreignKey({
      columns: [t.userId, t.playlistId],
      foreignColumns: [sourcePlaylists.userId, sourcePlaylists.playlistId],
    }).onDelete("cascade"),
  ],
);

/**
 * A playlist whose items on Spotify are more than Crate's songs in Crate's order (songs the listener added by
 * hand, a local file, a copy): its entries as last read, kept up to date with Crate's writes, so an insert
 * lands at its place without reading the playlist again. No row: the playlist holds Crate's songs only.
 */
export const playlistLayouts = sqliteTable("playlist_layouts", {
  playlistId: text()
    .primaryKey()
    .references(() => managedPlaylists.id, { onDelete: "cascade" }),
  /** each entry's track id in playlist order, null for one that is not a track (a local file, an episode) */
  entries: text({ mode: "json" }).notNull().$type<(string | null)[]>(),
});
