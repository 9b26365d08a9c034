// The listener's time zone: decides the month, year and season of their likes. Learnt from the browser at
// the first sign-in that brings one (a zone chosen in settings is never overwritten by a sign-in), changeable
// in settings. Playlists already made keep their buckets: the planner never moves a song Crate already added
// to a Liked At playlist, so a new zone only decides where likes not yet distributed go.
import { and, eq, isNull } from "drizzle-orm";
import { DEFAULT_TIME_ZONE, type TimeZoneSetting } from "../../shared/time-zone.ts";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema/index.ts";

/** The user's zone; UTC (`known: false`) until Crate learns it. */
export function readTimeZone(db: Db, userId: string): TimeZoneSetting {
  const row = db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId)).get();
  const timeZone = row?.timeZone ?? null;
  return timeZone === null ? { timeZone: DEFAULT_TIME_ZONE, known: false } : { timeZone, known: true };
}

/** The settings change: `timeZone` is a validated IANA name (TimeZoneSchema). */
export function setTimeZone(db: Db, userId: string, timeZone: string): TimeZoneSetting {
  db.update(users).set({ timeZone }).where(eq(users.id, userId)).run();
  return { timeZone, known: true };
}

/** At sign-in: the browser's zone, kept only while the user has none. Returns whether it was stored. */
export function learnTimeZone(db: Db, userId: string, timeZone: string | undefined): boolean {
  if (timeZone === undefined) return false;
  const stored = db
    .update(users)
    .set({ timeZone })
    .where(and(eq(users.id, userId), isNull(users.timeZone)))
    .returning({ id: users.id })
    .all();
  return stored.length > 0;
}
