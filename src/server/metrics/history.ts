// The history behind the admin charts, written cheaply and kept across restarts (the Prometheus counters start
// from zero with each process). Provider calls are counted in memory per provider and UTC hour and added to
// provider_call_hours with one upsert per provider and hour at each flush: every minute, before the charts are
// read, and at shutdown. Each flush also samples how many listeners used Crate today (and yesterday, for the
// last minutes of the day), keeping the day's highest sample, so no user id is stored for it.
import { and, countDistinct, gte, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { activeListenerDays, providerCallHours, sessions } from "../db/schema/index.ts";
import { transaction } from "../db/transaction.ts";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const HISTORY_FLUSH_MS = 60_000;

export interface HistorySources {
  db: Db;
  now: () => number;
  /** how often pending counts are written (ms); 0: only on flush() and close() */
  flushEveryMs?: number;
  /** a failed timed flush (the counts stay pending and are tried again) */
  onError?: (error: unknown) => void;
}

export interface HistoryRecorder {
  /** counts one call sent to `provider` (every attempt), and whether it was told "too many requests" */
  providerCall(provider: string, rateLimited: boolean): void;
  /** writes the pending counts and samples today's active listeners */
  flush(): void;
  /** stops the timer and flushes once more */
  close(): void;
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function createHistoryRecorder(sources: HistorySources): HistoryRecorder {
  const { db, now } = sources;
  /** "provider hour" → counts not yet written */
  let pending = new Map<string, { provider: string; hour: number; calls: number; rateLimited: number }>();

  const sampleActiveListeners = (at: number) => {
    const today = Math.floor(at / DAY_MS) * DAY_MS;
    for (const start of [today - DAY_MS, today]) {
      const listeners =
        db
          .select({ n: countDistinct(sessions.userId) })
          .from(sessions)
          .where(and(gte(sessions.lastSeenAt, start), lt(sessions.lastSeenAt, start + DAY_MS)))
          .get()?.n ?? 0;
      if (listeners === 0) continue;
      db.insert(activeListenerDays)
        .values({ day: utcDay(start), listeners })
        .onConflictDoUpdate({
          target: activeListenerDays.day,
          set: { listeners: sql`max(${activeListenerDays.listeners}, excluded.listeners)` },
        })
        .run();
    }
  };

  const flush = () => {
    const rows = [...pending.values()];
    transaction(db, (tx) => {
      for (const row of rows) {
        tx.insert(providerCallHours)
          .values(row)
          .onConflictDoUpdate({
            target: [providerCallHours.provider, providerCallHours.hour],
            set: {
              calls: sql`${providerCallHours.calls} + excluded.calls`,
              rateLimited: sql`${providerCallHours.rateLimited} + excluded.rate_limited`,
            },
          })
          .run();
      }
    });
    // dropped only once written (bun:sqlite is synchronous: no call is counted in between)
    pending = new Map();
    sampleActiveListeners(now());
  };

  const every = sources.flushEveryMs ?? HISTORY_FLUSH_MS;
  const timer =
    every > 0
      ? setInterval(() => {
          try {
            flush();
          } catch (error) {
            sources.onError?.(error);
          }
        }, every)
      : undefined;
  timer?.unref?.();

  return {
    providerCall(provider, rateLimited) {
      const hour = Math.floor(now() / HOUR_MS) * HOUR_MS;
      const key = `${provider} ${hour}`;
      const counts = pending.get(key) ?? { provider, hour, calls: 0, rateLimited: 0 };
      counts.calls += 1;
      if (rateLimited) counts.rateLimited += 1;
      pending.set(key, counts);
    },
    flush,
    close() {
      if (timer) clearInterval(timer);
      flush();
    },
  };
}
