// What keeps the hourly job from calling Spotify: a spent quota holds the whole run (it would only knock), and a
// listener whose grant ended is left out until they sign in again (no token or Web API call for them).
import { grantHolds } from "../auth/spotify-access.ts";
import type { Deps } from "../deps/deps.ts";

/** True while Spotify's quota pause holds every Web API call: the run is skipped, not queued behind it. */
export function hourlyRunHeld(deps: Pick<Deps, "spotify" | "log">): boolean {
  const quota = deps.spotify.quota();
  if (!quota.paused) return false;
  deps.log.info("hourly sync skipped: spotify quota used up", { since: quota.since, probes: quota.probes });
  return true;
}

/** The listeners the job may work for: those whose Spotify grant still holds. */
export function hourlyListeners(deps: Pick<Deps, "db" | "clock">, userIds: readonly string[]): string[] {
  return userIds.filter((userId) => grantHolds(deps, userId));
}
