// What the rule wizard looks up besides the preview: the listener's own Spotify playlists a criterion may name
// (`inPlaylist`), and the names of the artists and playlists a stored rule names, for editing it.
import { ErrorCode } from "../../../../shared/errors.ts";
import { hasCombinationAccess } from "../../../../shared/membership.ts";
import { rateRules } from "../../../../shared/rate-rules.ts";
import type { Deps } from "../../../deps/deps.ts";
import { likedArtistNames } from "../../../library/liked-artist-names.ts";
import { type OwnPlaylist, ownPlaylists, readsCollaborative } from "../../../library/source-playlists.ts";
import { sourcePlaylistNames } from "../../../library/source-playlists-repository.ts";
import { AppError, notFound } from "../../../platform/errors.ts";
import { SpotifyAuthRevokedError, SpotifyError } from "../../../spotify/errors.ts";
import { activeCombination, activeCombinations } from "../repository.ts";
import { readStoredRule } from "../stored-criteria.ts";
import type { RuleWriter } from "./service.ts";

export interface OwnPlaylistsAnswer {
  playlists: OwnPlaylist[];
  /** false: Crate may not list their collaborative playlists yet (GET /api/authorize/playlists asks for it) */
  readsCollaborative: boolean;
}

/**
 * The playlists a rule of this listener may name, in Spotify's order: their own and collaborative ones, none that
 * Crate keeps for them. One listing of their playlists on Spotify (a page per 50), a few a minute.
 */
export async function listOwnPlaylists(
  deps: Pick<Deps, "db" | "rateLimits" | "spotifyFor">,
  caller: RuleWriter,
): Promise<OwnPlaylistsAnswer> {
  if (!hasCombinationAccess(caller.membershipLevel)) throw new AppError(ErrorCode.FeatureNotAvailable);
  deps.rateLimits.take(rateRules.ownPlaylists, caller.userId);
  try {
    const playlists = await ownPlaylists(deps, deps.spotifyFor(caller.userId), caller);
    return { playlists, readsCollaborative: readsCollaborative(deps, caller.userId) };
  } catch (error) {
    if (error instanceof SpotifyAuthRevokedError)
      throw new AppError(ErrorCode.ProviderUnavailable, "Spotify access was revoked. Sign in again.");
    if (error instanceof SpotifyError)
      throw new AppError(ErrorCode.ProviderUnavailable, "Spotify did not answer. Try again in a moment.");
    throw error;
  }
}

export interface RuleNames {
  /** artist id → name, for the artists the rule names that are on the listener's liked songs */
  artists: Record<string, string>;
  /** playlist id → its name on Spotify as Crate last read it */
  playlists: Record<string, string>;
}

/**
 * The names of what a stored rule of the listener names (without an id: all their rules, for the table); another
 * listener's or an unknown rule: 404.
 */
export function ruleNames(deps: Pick<Deps, "db">, caller: RuleWriter, id?: string): RuleNames {
  if (!hasCombinationAccess(caller.membershipLevel)) throw new AppError(ErrorCode.FeatureNotAvailable);
  const rows =
    id === undefined
      ? activeCombinations(deps.db, caller.userId)
      : [activeCombination(deps.db, caller.userId, id)];
  const criteria = rows.flatMap((row) => {
    if (!row) throw notFound("No combination of yours has this id.");
    const rule = readStoredRule(row);
    return [...rule.criteria, ...rule.except];
  });
  const artistIds = criteria.flatMap((c) => c.artists ?? []);
  const playlistIds = criteria.flatMap((c) => (c.inPlaylist ? [c.inPlaylist] : []));
  return {
    artists: Object.fromEntries(likedArtistNames(deps.db, caller.userId, artistIds)),
    playlists: Object.fromEntries(sourcePlaylistNames(deps.db, caller.userId, playlistIds)),
  };
}
