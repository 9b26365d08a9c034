import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { activityKinds } from "../../../shared/activity.ts";
import { users } from "./auth.ts";
import { managedPlaylists } from "./playlists.ts";

/**
 * What changed in a listener's playlists, as their playlist's page lists it: one row per change of one kind
 * (an update's additions to one playlist, songs taken out for one reason, an exclusion, a deletion noticed).
 */
export const playlistActivity = sqliteTable(
  "playlist_activity",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** the preference (catalogue entry or combination) it belongs to */
    source: text({ enum: ["predefined", "combination"] }).notNull(),
    preferenceKey: text().notNull(),
    /** the Spotify playlist it happened to; null for the whole preference (an exclusion, a rule change) */
    playlistId: text().references(() => managedPlaylists.id, { onDelete: "cascade" }),
    /** the run whose writes it records (a run's writes of one kind to one playlist make one row) */
    distributionId: text(),
    kind: text({ enum: activityKinds }).notNull(),
    /** removedByCrate: why (src/shared/activity.ts) */
    reason: text(),
    /** what the text names besides songs: the artist kept out, the rule's change */
    detail: text(),
    count: integer().notNull().default(0),
    /** the first songs of `count` in playlist order (at most 50) */
    songs: text({ mode: "json" }).notNull().$type<string[]>(),
    at: integer().notNull(),
  },
  (t) => [
    index("playlist_activity_user_id_idx").on(t.userId, t.source, t.preferenceKey, t.at),
    index("playlist_activity_at_idx").on(t.at),
    index("playlist_activity_run_idx")
      .on(t.distributionId, t.playlistId)
      .where(sql`${t.distributionId} is not null`),
  ],
);
