// The listener's corrections of an artist's genres and country: they override every source for this listener's
// playlists only; songs move at the update that starts now (in, and — because the listener asked — out).
import { rateRules } from "../../shared/rate-rules.ts";
import type { ArtistCorrectionView, SetCorrectionInput } from "../../shared/schemas/explain.ts";
import { transaction } from "../db/transaction.ts";
import type { Deps } from "../deps/deps.ts";
import {
  type ArtistCorrection,
  correctionsOfUser,
  deleteCorrection,
  upsertCorrection,
} from "../library/corrections-repository.ts";
import { badRequest, notFound } from "../platform/errors.ts";
import { startChoicesUpdate } from "./choices-update.ts";
import { likedArtistName } from "./explain-repository.ts";

const view = (c: ArtistCorrection & { name: string }): ArtistCorrectionView => ({
  artistId: c.artistId,
  name: c.name,
  genres: c.genres,
  country: c.country,
  createdAt: new Date(c.createdAt).toISOString(),
});

export function listCorrections(deps: Pick<Deps, "db">, userId: string): { artists: ArtistCorrectionView[] } {
  return { artists: correctionsOfUser(deps.db, userId).map(view) };
}

/** Sets an artist's correction (an artist of one of the listener's liked songs) and starts the update. */
export function setCorrection(deps: Deps, userId: string, input: SetCorrectionInput): ArtistCorrectionView {
  deps.rateLimits.take(rateRules.choices, userId);
  const stored = transaction(deps.db, () => {
    const name = likedArtistName(deps.db, userId, input.artistId);
    if (name === null) throw badRequest("artistId: not an artist of your liked songs");
    const correction = upsertCorrection(deps.db, userId, {
      artistId: input.artistId,
      genres: input.genres ?? null,
      country: input.country ?? null,
      createdAt: deps.clock.now(),
    });
    return { ...correction, name };
  });
  startChoicesUpdate(deps, userId);
  return view(stored);
}

export function removeCorrection(deps: Deps, userId: string, artistId: string): void {
  deps.rateLimits.take(rateRules.choices, userId);
  if (!deleteCorrection(deps.db, userId, artistId)) throw notFound("No correction of this artist.");
  startChoicesUpdate(deps, userId);
}
