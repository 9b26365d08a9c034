import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
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
