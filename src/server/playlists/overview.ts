// GET /api/playlist-preferences/playlists: every chosen playlist (predefined and combination) with its
// song count, parts, last update and links; and when Crate last read the library.
import { allEntries, compareNames } from "../../shared/catalogue/index.ts";
import { hasCombinationAccess, type MembershipLevel } from "../../shared/membership.ts";
import type {
  ChosenPlaylist,
  ChosenPlaylistState,
  PlaylistsOverview,
  RunPlaylists,
} from "../../shared/playlist-overview.ts";
import type { Deps } from "../deps.ts";
import { loadSelection } from "../distribution/state.ts";
import { notFound } from "../platform/errors.ts";
import { libraryStatus } from "./library-status.ts";
import { comparePartRows, loadParts, loadPartsChangedBetween, type PartRow, toPart } from "./parts.ts";

export function getPlaylistsOverview(
  deps: Pick<Deps, "db" | "clock">,
  user: { userId: string; membershipLevel: MembershipLevel },
): PlaylistsOverview {
  const sqlite = deps.db.$client;
  const premium = user.membershipLevel === "PremiumYearly";
  const rowsByKey = new Map<string, PartRow[]>();
  for (const row of loadParts(sqlite, user.userId)) {
    const key = `${row.source}:${row.preferenceKey}`;
    const rows = rowsByKey.get(key);
    if (rows) rows.push(row);
    else rowsByKey.set(key, [row]);
  }
  const chosen = (
    name: string,
    source: ChosenPlaylist["source"],
    key: string,
    paused: boolean,
  ): ChosenPlaylist => {
    const rows = (rowsByKey.get(`${source}:${key}`) ?? []).sort(comparePartRows);
    const parts = rows.map(toPart);
    const live = parts.filter((p) => !p.deletedInSpotify);
    const state: ChosenPlaylistState =
      parts.length > 0 && live.length === 0
        ? "deleted"
        : paused
          ? "frozen"
          : parts.length === 0
            ? "waiting"
            : "active";
    const times = rows.flatMap((r) => (r.lastUpdatedAt === null ? [] : [r.lastUpdatedAt]));
    return {
      name,
      source,
      state,
      songCount: live.reduce((sum, p) => sum + p.songCount, 0),
      lastUpdatedAt: times.length > 0 ? new Date(Math.max(...times)).toISOString() : null,
      parts,
    };
  };

  const predefined = loadSelection(deps.db, user.userId).map((p) =>
    chosen(p.name, "predefined", p.name, p.entry.premiumOnly && !premium),
  );
  const combinationsPaused = !hasCombinationAccess(user.membershipLevel);
  const combinations = sqlite
    .query<{ id: string; playlist_name: string }, [string]>(
      "SELECT id, playlist_name FROM combinations WHERE user_id = ? AND active = 1 ORDER BY created_at, rowid",
    )
    .all(user.userId)
    .map((c) => chosen(c.playlist_name, "combination", c.id, combinationsPaused));
  return {
    library: libraryStatus(deps, user.userId),
    playlists: [...predefined.sort(byCatalogueOrder), ...combinations],
  };
}

const catalogueIndex = new Map(allEntries.map((entry, i) => [entry.name, i]));

/** Predefined playlists in catalogue order (Mood, Genre, …), as the catalogue pages list them. */
const byCatalogueOrder = (a: ChosenPlaylist, b: ChosenPlaylist): number =>
  (catalogueIndex.get(a.name) ?? 0) - (catalogueIndex.get(b.name) ?? 0);

/**
 * GET /api/distributor/{id}/playlists: the playlists a run created or changed, with their song counts and
 * links (404 for another user's run or an unknown id).
 */
export function getRunPlaylists(deps: Pick<Deps, "db" | "clock">, userId: string, id: string): RunPlaylists {
  const run = deps.db.$client
    .query<{ created_at: number; finished_at: number | null }, [string, string]>(
      "SELECT created_at, finished_at FROM distributions WHERE id = ? AND user_id = ?",
    )
    .get(id, userId);
  if (!run) throw notFound("Distribution not found.");
  const end = run.finished_at ?? deps.clock.now();
  const rows = loadPartsChangedBetween(deps.db.$client, userId, run.created_at, end);
  return {
    finished: run.finished_at !== null,
    playlists: rows
      .sort((a, b) => compareNames(a.name, b.name))
      .map((row) => ({ ...toPart(row), created: row.createdAt >= run.created_at && row.createdAt <= end })),
  };
}
