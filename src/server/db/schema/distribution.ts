import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth.ts";

/** One run that brings a user's playlists up to date; its entries feed the progress bar. */
export const distributions = sqliteTable(
  "distributions",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** what started it */
    trigger: text({
      enum: ["predefined", "combination", "hourly", "random", "deletion", "putBack", "recreate"],
    }).notNull(),
    status: text({ enum: ["running", "finished", "failed"] })
      .notNull()
      .default("running"),
    /** the selection or combinations the run works on (JSON), so a restart can resume it */
    request: text({ mode: "json" }),
    createdPlaylistNames: text({ mode: "json" }).$type<string[]>(),
    removedPlaylistNames: text({ mode: "json" }).$type<string[]>(),
    totalNumberOfLikedSongs: integer(),
    createdAt: integer().notNull(),
    finishedAt: integer(),
    error: text(),
    attempts: integer().notNull().default(0),
    /** true once the plan is in the journal; a restart then only resumes the journal */
    planned: integer({ mode: "boolean" }).notNull().default(false),
  },
  (t) => [index("distributions_user_id_created_at_idx").on(t.userId, t.createdAt)],
);

export const distributionEntries = sqliteTable(
  "distribution_entries",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    distributionId: text()
      .notNull()
      .references(() => distributions.id, { onDelete: "cascade" }),
    distributionType: text({ enum: ["Standard", "Analysis", "Randomized"] }).notNull(),
    totalWork: integer().notNull().default(0),
    completedWork: integer().notNull().default(0),
  },
  (t) => [index("distribution_entries_distribution_id_idx").on(t.distributionId)],
);

/**
 * The write-ahead journal of Spotify writes. A step is recorded before it is sent and marked done after,
 * so a crash or provider failure resumes at the first step not done, without duplicates.
 */
export const journalSteps = sqliteTable(
  "journal_steps",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    distributionId: text()
      .notNull()
      .references(() => distributions.id, { onDelete: "cascade" }),
    playlistId: text().notNull(),
    op: text({ enum: ["create", "add", "remove", "unfollow"] }).notNull(),
    trackIds: text({ mode: "json" }).$type<string[]>(),
    /** failed: refused for good by Spotify, the reason in `result`; never sent again */
    status: text({ enum: ["pending", "sent", "done", "failed"] })
      .notNull()
      .default("pending"),
    /** snapshot or playlist id returned by the provider, kept for resumption */
    result: text(),
    updatedAt: integer().notNull(),
    /** add: insert position (songs at the top of a Latest N playlist); null appends */
    position: integer(),
    /** add at a position: the songs Crate placed just before it and just after it, nearest first */
    anchors: text({ mode: "json" }).$type<{ after: string[]; before: string[] }>(),
    /** remove: why each song goes (a removal reason of src/shared/activity.ts), in the order of trackIds */
    reasons: text({ mode: "json" }).$type<(string | null)[]>(),
    /** the progress entry this step advances, and its completedWork once the step is done */
    entryType: text({ enum: ["Standard", "Analysis", "Randomized"] }),
    progressAfter: integer(),
  },
  (t) => [index("journal_steps_distribution_id_idx").on(t.distributionId, t.status)],
);

export const analyses = sqliteTable(
  "analyses",
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text({ enum: ["running", "completed", "cancelling", "cancelled", "failed"] })
      .notNull()
      .default("running"),
    createdAt: integer().notNull(),
    finishedAt: integer(),
  },
  (t) => [index("analyses_user_id_idx").on(t.userId)],
);

export const analysisSegments = sqliteTable(
  "analysis_segments",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    analysisId: text()
      .notNull()
      .references(() => analyses.id, { onDelete: "cascade" }),
    segmentNumber: integer().notNull(),
    type: text({ enum: ["Data", "Completed", "Cancelled"] }).notNull(),
    /** entry name → count of the entries with songs (analysis/segments.ts); older rows hold the list form */
    result: text({ mode: "json" }).$type<
      Record<string, number> | { preferenceName: string; numberOfSongsApplicable: number }[]
    >(),
  },
  (t) => [index("analysis_segments_analysis_id_idx").on(t.analysisId, t.segmentNumber)],
);
