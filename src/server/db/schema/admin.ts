import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./auth.ts";

export const batchExecutions = sqliteTable("batch_executions", {
  id: text().primaryKey(),
  job: text().notNull(),
  startTime: integer().notNull(),
  endTime: integer(),
  status: text({ enum: ["running", "finished", "failed"] })
    .notNull()
    .default("running"),
  usersProcessed: integer().notNull().default(0),
  error: text(),
});

export const statisticsUsers = sqliteTable("statistics_users", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  enabledAt: integer().notNull(),
});

export const activity = sqliteTable(
  "activity",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    time: integer().notNull(),
  },
  (t) => [index("activity_user_id_idx").on(t.userId, t.time)],
);

export const feedback = sqliteTable(
  "feedback",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    feedback: text().notNull(),
    createdAt: integer().notNull(),
  },
  (t) => [index("feedback_user_id_idx").on(t.userId, t.createdAt)],
);

// ── History behind the admin charts (no user ids: counts only) ─────────────────────────────────────────────

/** Calls sent to each provider per UTC hour, and how many answered "too many requests"; one upsert per flush. */
export const providerCallHours = sqliteTable(
  "provider_call_hours",
  {
    provider: text().notNull(),
    /** start of the UTC hour, ms */
    hour: integer().notNull(),
    calls: integer().notNull().default(0),
    rateLimited: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.provider, t.hour] })],
);

/** One row per scheduled job run: when it started, how long it took, and (hourly sync) how late listeners were. */
export const jobRuns = sqliteTable(
  "job_runs",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    job: text().notNull(),
    startedAt: integer().notNull(),
    durationMs: integer().notNull(),
    /** hourly sync: the longest any monitored listener had waited for a look at their likes when it started */
    lagMs: integer(),
    outcome: text({ enum: ["success", "failure"] }).notNull(),
  },
  (t) => [index("job_runs_job_started_idx").on(t.job, t.startedAt)],
);

/** Distinct listeners who used Crate (a session seen) per UTC day; the highest sample of the day is kept. */
export const activeListenerDays = sqliteTable("active_listener_days", {
  day: text().primaryKey(),
  listeners: integer().notNull().default(0),
});

/**
 * Spotify Web API calls per hour, by kind and listener ("" for calls of no listener), refused ones included:
 * the rolling 24 hours of the budget and the admin statistics survive a restart. Hours older than a day are pruned.
 */
export const spotifyCallHours = sqliteTable(
  "spotify_call_hours",
  {
    hour: integer().notNull(),
    userId: text().notNull().default(""),
    kind: text().notNull(),
    calls: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.hour, t.userId, t.kind] })],
);

/** Each pause Spotify's spent quota caused (spotify/quota-history.ts): when it began and ended, its probes. */
export const spotifyQuotaPauses = sqliteTable("spotify_quota_pauses", {
  startedAt: integer().primaryKey(),
  /** null while it lasts */
  endedAt: integer(),
  probes: integer().notNull().default(0),
});
