import type { PersonalData, PersonalDataPreview } from "../../shared/schemas/account.ts";
import { activityForExport } from "../activity/read.ts";
import { type Db, openReadOnly } from "../db/client.ts";
import { transaction } from "../db/transaction.ts";
import { notSignedIn } from "../platform/errors.ts";
import { nextTask, runSteps, runStepsGivingWay } from "../platform/steps.ts";
import { billingOf } from "./personal-data-billing.ts";
import { choicesOf } from "./personal-data-choices.ts";
import { analysesOf, distributionsOf, managedPlaylistsOf } from "./personal-data-history.ts";
import { libraryOf, likedSongsCount, likedSongsPage } from "./personal-data-library.ts";
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
  "playlist_layouts",
  "playlist_activity",
  "distributions",
  "distribution_entries",
  "journal_steps",
  "analyses",
  "analysis_segments",
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
  "source_playlists",
  "source_playlist_songs",
] as const;

/** Liked songs read at once between two pauses of a download (a few milliseconds of the event loop). */
const LIKED_SONGS_PAGE = 1_000;

/** Items of each list the page shows; the rest is in the download. */
export const PREVIEW_ITEMS_PER_LIST = 20;

/**
 * The export read part by part: it pauses (yields) between parts, and returns the whole at the end. With
 * `likedSongsShown`, only that many liked songs are read (the page's preview).
 */
function* personalDataParts(
  db: Db,
  userId: string,
  likedSongsShown = Number.POSITIVE_INFINITY,
): Generator<void, PersonalData> {
  const profile = profileOf(db, userId);
  if (!profile) throw notSignedIn();
  const { user, previousDeletion, providerTokens, sessions, settings, statisticsEnabled, ...usage } = profile;
  yield;
  const library = libraryOf(db, userId);
  const likedSongs: PersonalData["likedSongs"] = [];
  for (;;) {
    yield;
    const size = Math.min(LIKED_SONGS_PAGE, likedSongsShown - likedSongs.length);
    const page = likedSongsPage(db, userId, likedSongs.length, size);
    likedSongs.push(...page);
    if (page.length < size || likedSongs.length >= likedSongsShown) break;
  }
  yield;
  const managedPlaylists = managedPlaylistsOf(db, userId);
  yield;
  const playlistActivity = activityForExport(db, userId);
  yield;
  const distributionHistory = distributionsOf(db, userId);
  yield;
  const analyses = analysesOf(db, userId);
  yield;
  const billing = billingOf(db, userId);
  const choices = choicesOf(db, userId);
  return {
    user,
    previousDeletion,
    providerTokens,
    sessions,
    settings,
    statisticsEnabled,
    ...library,
    likedSongs,
    managedPlaylists,
    playlistActivity,
    distributionHistory,
    analyses,
    ...usage,
    ...billing,
    ...choices,
  };
}

/**
 * Everything stored about the user, with dates as ISO strings; token values are never included. Read in one
 * transaction, so the parts agree with each other even when a sync or a run commits meanwhile.
 */
export function collectPersonalData(db: Db, userId: string): PersonalData {
  return transaction(db, (tx) => runSteps(personalDataParts(tx, userId)));
}

/** Exports in this process, one after another: twenty listeners asking at once wait their turn, not requests. */
let exportsQueue: Promise<unknown> = Promise.resolve();

/**
 * The same export for a download, off the request path's one long task: read on a read-only connection of its
 * own in one read transaction (the same snapshot throughout, while the server keeps writing), giving the event
 * loop back between its parts, one export at a time. An in-memory database has no second connection: read at once.
 */
export function downloadPersonalData(db: Db, databasePath: string, userId: string): Promise<PersonalData> {
  if (databasePath === ":memory:") return Promise.resolve(collectPersonalData(db, userId));
  const run = exportsQueue.then(async () => {
    await nextTask();
    const reader = openReadOnly(databasePath);
    try {
      reader.sqlite.exec("PRAGMA busy_timeout = 5000");
      reader.sqlite.exec("BEGIN");
      return await runStepsGivingWay(personalDataParts(reader.db, userId));
    } finally {
      if (reader.sqlite.inTransaction) reader.sqlite.exec("COMMIT");
      reader.close();
    }
  });
  exportsQueue = run.catch(() => undefined);
  return run;
}

/**
 * What /settings/my-data shows: the same export with every list cut to its first `PREVIEW_ITEMS_PER_LIST` items,
 * and the lists cut with their lengths. Only the liked songs shown are read (their count is asked); the rest of the
 * export is small beside them, or cut here.
 */
export function previewPersonalData(db: Db, userId: string): PersonalDataPreview {
  const shown = PREVIEW_ITEMS_PER_LIST;
  return transaction(db, (tx) => {
    const data = runSteps(personalDataParts(tx, userId, shown));
    const cut: PersonalDataPreview["cut"] = [];
    const likedSongs = likedSongsCount(tx, userId);
    if (likedSongs > shown) cut.push({ path: "likedSongs", total: likedSongs });
    return { data: cutLists(data, shown, "", cut) as PersonalData, shownPerList: shown, cut };
  });
}

/** `value` with every array longer than `max` cut to its first `max` items, each cut noted in `cut`. */
function cutLists(value: unknown, max: number, path: string, cut: PersonalDataPreview["cut"]): unknown {
  if (Array.isArray(value)) {
    if (value.length > max) cut.push({ path, total: value.length });
    return value.slice(0, max).map((item, i) => cutLists(item, max, `${path}[${i}]`, cut));
  }
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      cutLists(item, max, path ? `${path}.${key}` : key, cut),
    ]),
  );
}
