import type { PersonalData } from "../../shared/schemas/account.ts";
import type { Db } from "../db/client.ts";
import { transaction } from "../db/transaction.ts";
import { notSignedIn } from "../platform/errors.ts";
import { billingOf } from "./personal-data-billing.ts";
import { choicesOf } from "./personal-data-choices.ts";
import { analysesOf, distributionsOf, managedPlaylistsOf } from "./personal-data-history.ts";
import { libraryOf } from "./personal-data-library.ts";
import { profileOf } from "./personal-data-profile.ts";

/** Table names this export reads; checked against the schema by tests/unit/account/coverage.test.ts. */
export const personalDataTableNames = [
  "users",
  "sessions",
  "provider_tokens",
  "deleted_accounts",
  "likes",
  "library_syncs",
  "simple_preferences",
  "combinations",
  "used_combination_names",
  "user_settings",
  "managed_playlists",
  "playlist_songs",
  "distributions",
  "distribution_entries",
  "journal_steps",
  "analyses",
  "analysis_segments",
  "throttles",
  "statistics_users",
  "activity",
  "feedback",
  "membership_events",
  "payments",
  "subscriptions",
  "webhook_events",
  "playlist_exclusions",
  "artist_corrections",
  "spotify_call_hours",
] as const;

/**
 * Everything stored about the user, with dates as ISO strings; token values are never included. Read in one
 * transaction, so the parts agree with each other even when a sync or a run commits meanwhile.
 */
export function collectPersonalData(db: Db, userId: string): PersonalData {
  return transaction(db, (tx) => {
    const profile = profileOf(tx, userId);
    if (!profile) throw notSignedIn();
    const { user, previousDeletion, providerTokens, sessions, settings, statisticsEnabled, ...usage } =
      profile;
    return {
      user,
      previousDeletion,
      providerTokens,
      sessions,
      settings,
      statisticsEnabled,
      ...libraryOf(tx, userId),
      managedPlaylists: managedPlaylistsOf(tx, userId),
      distributionHistory: distributionsOf(tx, userId),
      analyses: analysesOf(tx, userId),
      ...usage,
      ...billingOf(tx, userId),
      ...choicesOf(tx, userId),
    };
  });
}
