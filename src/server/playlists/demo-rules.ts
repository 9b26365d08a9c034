// Demo mode only: the demo's premium listener signs in to a few rules of their own to look at and edit — two genres
// from a decade, newest first, at most 100 songs; the likes of the last weeks, rolling; a decade without a genre,
// by release date. They are picked from the listener's own likes so each holds songs, and loaded through the same
// service as "Load choices", once: a listener who already has a combination, or used one of these names, keeps what
// they have. A listener who is not premium yet when their library has been read gets none.
import { eq } from "drizzle-orm";
import { genreNames } from "../../shared/catalogue/genres.ts";
import type { CriterionDraft, RuleDraft } from "../../shared/combinations/criterion.ts";
import { combinationNameKey } from "../../shared/combinations/schema.ts";
import { hasCombinationAccess } from "../../shared/membership.ts";
import { ChoicesDocumentSchema } from "../../shared/schemas/explain.ts";
import { users } from "../db/schema/index.ts";
import type { Deps } from "../deps/deps.ts";
import { activeCombinations, anyNameUsed } from "../distribution/combinations/repository.ts";
import { loadConsideredSongs } from "../library/considered.ts";
import { signInSyncSettled } from "../library/service.ts";
import { exportChoices, importChoices } from "./choices.ts";

/** The demo listener who gets the rules (the Spotify emulator seeds it as the premium one). */
export const demoRulesListenerId = "crate-premium";

/** About this many of the newest likes fall in the rolling rule's window. */
const RECENT_LIKES = 60;
const DAY_MS = 86_400_000;
/**
 * Genres for a library whose artists' genres are not known yet (a development-mode Spotify app gives none; they
 * arrive from MusicBrainz in the background): the rules match once they are.
 */
const fallbackGenres = ["Rock", "Pop"] as const;

export type DemoRule = RuleDraft & { playlistName: string; criteria: CriterionDraft[] };

/** After a sign-in (demo mode): loads the demo rules in the background, never failing the sign-in. */
export function startDemoRules(deps: Deps, userId: string): void {
  if (!deps.config.demoMode) return;
  seedDemoRules(deps, userId).catch((error) =>
    deps.log.warn("demo rules not loaded", { userId, error: String(error) }),
  );
}

/** After the sign-in's library read: the demo rules, once, for the premium demo listener only. */
export async function seedDemoRules(deps: Deps, userId: string): Promise<void> {
  if (!deps.config.demoMode) return;
  const signedIn = deps.db.select().from(users).where(eq(users.id, userId)).get();
  if (signedIn?.spotifyId !== demoRulesListenerId) return;
  await signInSyncSettled(deps, userId);
  // the level as it is now: the demo may have made the listener premium during the sign-in
  const user = deps.db.select().from(users).where(eq(users.id, userId)).get();
  if (!user || !hasCombinationAccess(user.membershipLevel)) {
    deps.log.info("demo rules not loaded: the listener is not premium", { userId });
    return;
  }
  const rules = demoRules(deps, userId, user.membershipLevel, deps.clock.now());
  if (rules.length === 0) return;
  if (activeCombinations(deps.db, userId).length > 0) return;
  if (
    anyNameUsed(
      deps.db,
      userId,
      rules.map((r) => combinationNameKey(r.playlistName)),
    )
  )
    return;
  // checked as any document a listener loads
  const document = ChoicesDocumentSchema.parse({ ...exportChoices(deps, userId), combinations: rules });
  // the demo's doing, not the listener's: their first creation or edit is not refused for 30 seconds
  importChoices(deps, { userId, membershipLevel: user.membershipLevel }, document, { unthrottled: true });
}

/** The rules, picked so each holds some of this listener's likes now. */
export function demoRules(
  deps: Pick<Deps, "db">,
  userId: string,
  level: Parameters<typeof loadConsideredSongs>[2],
  now: number,
): DemoRule[] {
  const songs = loadConsideredSongs(deps, userId, level);
  if (songs.length === 0) return [];
  const genreSet = new Set<string>(genreNames);
  const count = (pick: (category: string) => boolean, among = songs) => {
    const counts = new Map<string, number>();
    for (const song of among)
      for (const name of song.categories) if (pick(name)) counts.set(name, (counts.get(name) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([n]) => n);
  };
  const isDecade = (name: string) => /^\d{4}s$/.test(name);
  const [decade, otherDecade] = count(isDecade);
  const rules: DemoRule[] = [];
  if (decade) {
    const inDecade = songs.filter((s) => s.categories.includes(decade));
    const known = count((name) => genreSet.has(name), inDecade).slice(0, 2);
    rules.push({
      playlistName: "Decade Favourites",
      criteria: [
        { genres: known.length > 0 ? known : [...fallbackGenres], decade: Number(decade.slice(0, 4)) },
      ],
      order: "likedNewestFirst",
      limit: 100,
    });
  }
  // the window that holds about the newest RECENT_LIKES likes, in whole days
  const newest = songs.at(-1)?.likedAt ?? now;
  const edge = songs.at(-Math.min(RECENT_LIKES, songs.length))?.likedAt ?? newest;
  const days = Math.min(3650, Math.max(1, Math.ceil((now - edge) / DAY_MS)));
  rules.push({
    playlistName: "Lately Liked",
    criteria: [{ liked: { withinDays: days } }],
    order: "likedNewestFirst",
  });
  if (otherDecade) {
    const inOther = songs.filter((s) => s.categories.includes(otherDecade));
    const [left = fallbackGenres[1]] = count((name) => genreSet.has(name), inOther);
    rules.push({
      playlistName: "Back Then",
      criteria: [{ decade: Number(otherDecade.slice(0, 4)) }],
      except: [{ genres: [left] }],
      order: "released",
      unliked: "remove",
    });
  }
  return rules;
}
