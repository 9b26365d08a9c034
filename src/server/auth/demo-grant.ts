// Demo mode only: so a visitor can see the reminder of a grant's end without waiting six months, Crate records the
// sign-in of the demo listener `crate-ending` as given six months before a day 10 days ahead. Never in real mode:
// there the emulators are not mounted and every sign-in starts a fresh grant now.

import { addCalendarMonths } from "../../shared/calendar.ts";
import { demoGrantEndsInDays, demoListeners } from "../../shared/self-hosting.ts";
import { GRANT_MONTHS } from "../../shared/spotify-access.ts";
import type { Config } from "../config/config.ts";

const DAY_MS = 86_400_000;
export const demoEndingListenerId = demoListeners[3].id;

/** When Crate records the grant of this sign-in as given: now, or for the demo's ending listener earlier. */
export function grantStartOf(config: Pick<Config, "emulators">, spotifyId: string, now: number): number {
  if (!config.emulators || spotifyId !== demoEndingListenerId) return now;
  return addCalendarMonths(now + demoGrantEndsInDays * DAY_MS, -GRANT_MONTHS);
}
