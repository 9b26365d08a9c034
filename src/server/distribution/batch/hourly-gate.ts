// What keeps the hourly job from calling Spotify: a spent quota holds the whole run (it would only knock), and a
// listener whose grant ended is left out until they sign in again (no token or Web API call for them), and under
// SPOTIFY_DAILY_CALLS the job stops taking listeners once background work used its share of the day's calls.
import { grantHolds } from "../../auth/spotify-access.ts";
import type { Deps } from "../../deps/deps.ts";

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

/**
 * False once the calls of the last 24 hours reached background work's share of SPOTIFY_DAILY_CALLS (the rule is
 * the transport's budget, spotify/call-budget.ts): a job leaves the remaining listeners for a later run (their
 * likes wait; nothing is lost) rather than holding their turns for hours. Always true without a budget.
 */
export const backgroundBudgetAllows = (deps: Pick<Deps, "spotify">, kind: "hourly" | "random"): boolean =>
  deps.spotify.budgetAllows(kind);
