// Demo mode only: the demo's curating listener signs in to playlists that already carry a listener's choices — two
// decades and two genres chosen, a song kept out of one decade, an artist kept out of the other and an artist's
// genres and country corrected — so the playlists' pages show reasons, exclusions and a correction without a script.
// The choices are picked from the listener's own likes and loaded through the same service as "Load choices".
import { eq } from "drizzle-orm";
import { demoCuratorId } from "../../shared/self-hosting.ts";
import { users } from "../db/schema/index.ts";
import type { Deps } from "../deps/deps.ts";
import { exclusionsOfUser } from "../distribution/repository/exclusions.ts";
import { loadSelection } from "../distribution/runs/plan-inputs.ts";
import { loadConsideredSongs } from "../library/considered.ts";
import { trackFactsByIds } from "../library/considered-repository.ts";
import { correctionMap } from "../library/corrections-repository.ts";
import { signInSyncSettled } from "../library/service.ts";
import { exportChoices, importChoices } from "./choices.ts";

/** The correction the demo shows: the artist's songs move into Rock (and out of any genre they had). */
export const demoCorrection = { genres: ["Rock"], country: "SE" } as const;

/** After a sign-in (demo mode): loads the demo choices in the background, never failing the sign-in. */
export function startDemoChoices(deps: Deps, userId: string): void {
  if (!deps.config.demoMode) return;
  seedDemoChoices(deps, userId).catch((error) =>
    deps.log.warn("demo choices not loaded", { userId, error: String(error) }),
  );
}

/** After the sign-in's library read: loads the demo choices once, for the curating demo listener only. */
export async function seedDemoChoices(deps: Deps, userId: string): Promise<void> {
  if (!deps.config.demoMode) return;
  const user = deps.db.select().from(users).where(eq(users.id, userId)).get();
  if (user?.spotifyId !== demoCuratorId) return;
  await signInSyncSettled(deps, userId);
  // Once only: a listener who already chose something (or undid the demo's choices and chose anew) keeps it.
  if (loadSelection(deps.db, userId).length > 0) return;
  if (exclusionsOfUser(deps.db, userId).length > 0 || correctionMap(deps.db, userId).size > 0) return;
  const document = demoChoicesDocument(deps, userId, user.membershipLevel);
  if (!document) {
    deps.log.warn("demo choices not loaded: too few liked songs", { userId });
    return;
  }
  // the demo's doing, not the listener's: their first "Update playlists" is not refused for 30 seconds
  importChoices(deps, { userId, membershipLevel: user.membershipLevel }, document, { unthrottled: true });
}

function demoChoicesDocument(
  deps: Deps,
  userId: string,
  level: Parameters<typeof loadConsideredSongs>[2],
): ReturnType<typeof exportChoices> | null {
  const songs = loadConsideredSongs(deps, userId, level);
  // The two decades with the most songs: release dates come with the likes, so they are known at once.
  const counts = new Map<string, number>();
  for (const song of songs)
    for (const name of song.categories)
      if (/^\d{4}s$/.test(name)) counts.set(name, (counts.get(name) ?? 0) + 1);
  const [first, second] = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  if (!first || !second) return null;
  const facts = trackFactsByIds(
    deps.db,
    songs.map((s) => s.trackId),
  );
  const artistOf = (trackId: string) => facts.get(trackId)?.artistIds[0];
  const inFirst = songs.filter((s) => s.categories.includes(first));
  const inSecond = songs.filter((s) => s.categories.includes(second));
  const keptOut = inFirst[0];
  // Different artists for the song kept out, the artist kept out and the corrected artist, so each shows alone.
  const used = new Set([keptOut && artistOf(keptOut.trackId)]);
  const pick = (list: typeof songs) => {
    const found = list.map((s) => artistOf(s.trackId)).find((id) => id !== undefined && !used.has(id));
    used.add(found);
    return found;
  };
  const excludedArtist = pick(inSecond);
  const correctedArtist = pick(inFirst);
  if (!keptOut || !excludedArtist || !correctedArtist) return null;
  const current = exportChoices(deps, userId);
  return {
    ...current,
    selection: [first, second, "Rock", "Pop"],
    exclusions: [
      { playlist: first, kind: "track", id: keptOut.trackId },
      { playlist: second, kind: "artist", id: excludedArtist },
    ],
    corrections: [
      { artistId: correctedArtist, genres: [...demoCorrection.genres], country: demoCorrection.country },
    ],
  };
}
