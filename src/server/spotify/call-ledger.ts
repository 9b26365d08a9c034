// Spotify Web API calls over a rolling 24 hours, by kind and listener, kept across restarts: counted in memory and
// added to spotify_call_hours (one upsert per hour, listener and kind) every minute, before each read, and at
// shutdown. Refused calls count too: Spotify's quota counts every request. Calls of an account deleted before they
// were written are written without its id.
import { and, gte, inArray, lt, sql } from "drizzle-orm";
import { type SpotifyCallKind, spotifyCallKinds } from "../../shared/spotify-access.ts";
import type { Db } from "../db/client.ts";
import { spotifyCallHours, users } from "../db/schema/index.ts";
import { transaction } from "../db/transaction.ts";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const LEDGER_FLUSH_MS = 60_000;

export interface CallsLast24h {
  total: number;
  byKind: Record<SpotifyCallKind, number>;
}

export class SpotifyCallLedger {
  /** "hour \0 user \0 kind" → calls not yet written */
  private pending = new Map<string, number>();
  private timer: ReturnType<typeof setInterval> | null = null;
  /** the written calls of the window starting at `windowStart`, until the next flush */
  private written: { windowStart: number; calls: number } | null = null;

  constructor(
    private readonly db: Db,
    readonly now: () => number,
    flushEveryMs = LEDGER_FLUSH_MS,
  ) {
    if (flushEveryMs > 0) {
      this.timer = setInterval(() => this.safeFlush(), flushEveryMs);
      (this.timer as { unref?: () => void }).unref?.();
    }
  }

  record(kind: SpotifyCallKind, userId: string | undefined): void {
    const hour = Math.floor(this.now() / HOUR_MS) * HOUR_MS;
    const key = `${hour}\u0000${userId ?? ""}\u0000${kind}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
  }

  flush(): void {
    this.written = null;
    const rows = [...this.pending];
    this.pending = new Map();
    const horizon = Math.floor((this.now() - DAY_MS) / HOUR_MS) * HOUR_MS;
    transaction(this.db, () => {
      const known = this.existingUsers(rows.map(([key]) => key.split("\u0000")[1] ?? ""));
      for (const [key, calls] of rows) {
        const [hour, counted, kind] = key.split("\u0000") as [string, string, string];
        // an account deleted since its calls were counted: they still count, without its id
        const userId = known.has(counted) ? counted : "";
        this.db
          .insert(spotifyCallHours)
          .values({ hour: Number(hour), userId, kind, calls })
          .onConflictDoUpdate({
            target: [spotifyCallHours.hour, spotifyCallHours.userId, spotifyCallHours.kind],
            set: { calls: sql`${spotifyCallHours.calls} + ${calls}` },
          })
          .run();
      }
      this.db.delete(spotifyCallHours).where(lt(spotifyCallHours.hour, horizon)).run();
    });
  }

  /** Calls in the last 24 hours (this hour and the 23 before it), all listeners together. */
  last24h(): CallsLast24h {
    this.flush();
    const byKind = Object.fromEntries(spotifyCallKinds.map((k) => [k, 0])) as Record<SpotifyCallKind, number>;
    const rows = this.db
      .select({ kind: spotifyCallHours.kind, calls: sql<number>`sum(${spotifyCallHours.calls})` })
      .from(spotifyCallHours)
      .where(gte(spotifyCallHours.hour, this.windowStart()))
      .groupBy(spotifyCallHours.kind)
      .all();
    let total = 0;
    for (const row of rows) {
      const kind = (spotifyCallKinds as readonly string[]).includes(row.kind)
        ? (row.kind as SpotifyCallKind)
        : "other";
      byKind[kind] += row.calls;
      total += row.calls;
    }
    return { total, byKind };
  }

  /**
   * Calls of the last 24 hours, all listeners and kinds, without writing: asked before every Web API call under
   * SPOTIFY_DAILY_CALLS, so the written part is read once per flush and the pending counts are added.
   */
  totalLast24h(): number {
    const windowStart = this.windowStart();
    if (this.written?.windowStart !== windowStart) {
      const row = this.db
        .select({ calls: sql<number>`coalesce(sum(${spotifyCallHours.calls}), 0)` })
        .from(spotifyCallHours)
        .where(gte(spotifyCallHours.hour, windowStart))
        .get();
      this.written = { windowStart, calls: row?.calls ?? 0 };
    }
    let pending = 0;
    for (const [key, calls] of this.pending)
      if (Number(key.split("\u0000")[0]) >= windowStart) pending += calls;
    return this.written.calls + pending;
  }

  /**
   * When the calls of the last 24 hours are fewer than `limit` again without any new one: the start of the hour
   * at which enough of the oldest hours have left the window. Now when they already are.
   */
  fewerThanAt(limit: number): number {
    this.flush();
    const hours = this.db
      .select({ hour: spotifyCallHours.hour, calls: sql<number>`sum(${spotifyCallHours.calls})` })
      .from(spotifyCallHours)
      .where(gte(spotifyCallHours.hour, this.windowStart()))
      .groupBy(spotifyCallHours.hour)
      .orderBy(spotifyCallHours.hour)
      .all();
    let left = hours.reduce((sum, h) => sum + h.calls, 0);
    if (left < limit) return this.now();
    for (const { hour, calls } of hours) {
      left -= calls;
      // an hour leaves the window once the window starts after it: 24 hours after it began
      if (left < limit) return hour + DAY_MS;
    }
    return this.now() + HOUR_MS;
  }

  /** The listeners with the most calls in the last 24 hours. */
  topListeners(limit: number): { userId: string; calls: number }[] {
    this.flush();
    return this.db
      .select({ userId: spotifyCallHours.userId, calls: sql<number>`sum(${spotifyCallHours.calls})` })
      .from(spotifyCallHours)
      .where(and(gte(spotifyCallHours.hour, this.windowStart()), sql`${spotifyCallHours.userId} <> ''`))
      .groupBy(spotifyCallHours.userId)
      .all()
      .sort((a, b) => b.calls - a.calls || (a.userId < b.userId ? -1 : 1))
      .slice(0, limit);
  }

  /** One listener's calls in the last 24 hours. */
  forListener(userId: string): number {
    this.flush();
    const row = this.db
      .select({ calls: sql<number>`coalesce(sum(${spotifyCallHours.calls}), 0)` })
      .from(spotifyCallHours)
      .where(and(gte(spotifyCallHours.hour, this.windowStart()), sql`${spotifyCallHours.userId} = ${userId}`))
      .get();
    return row?.calls ?? 0;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.safeFlush();
  }

  private existingUsers(ids: readonly string[]): Set<string> {
    const named = [...new Set(ids)].filter((id) => id !== "");
    if (named.length === 0) return new Set();
    return new Set(
      this.db
        .select({ id: users.id })
        .from(users)
        .where(inArray(users.id, named))
        .all()
        .map((r) => r.id),
    );
  }

  private windowStart(): number {
    return Math.floor((this.now() - DAY_MS) / HOUR_MS) * HOUR_MS + HOUR_MS;
  }

  private safeFlush(): void {
    try {
      this.flush();
    } catch {
      // the counts of a failed write are lost; the next flush writes the new ones
    }
  }
}
