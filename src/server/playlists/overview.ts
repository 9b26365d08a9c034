// GET /api/playlist-preferences/playlists: every chosen playlist (predefined and combination) with its
// song count, parts, last update and links; and when Crate last read the library.
import { allEntries, compareNames } from "../../shared/catalogue/index.ts";
import { hasCombinationAccess, hasPremiumCatalogue, type MembershipLevel } from "../../shared/membership.ts";
import type {
  ChosenPlaylist,
  ChosenPlaylistState,
  PlaylistsOverview,
  RunPlaylists,
} from "../../shared/playlist-overview.ts";
import type { Deps } from "../deps/deps.ts";
import { loadSelection } from "../distribution/runs/plan-inputs.ts";
import { notFound } from "../platform/errors.ts";
import { libraryStatus } from "./library-status.ts";
import { comparePartRows, toPart } from "./parts.ts";
import {
  activeCombinations,
  loadParts,
  loadPartsChangedBetween,
  type PartRow,
  runOf,
} from "./parts-repository.ts";

export function getPlaylistsOverview(
  deps: Pick<Deps, "db" | "clock">,
  user: { userId: string; membershipLevel: MembershipLevel },
): PlaylistsOverview {
  const premium = hasPremiumCatalogue(user.membershipLevel);
  const rowsByKey = new Map<string, PartRow[]>();
  for (const row of loadParts(deps.db, user.userId)) {
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
  const combinations = activeCombinations(deps.db, user.userId).map((c) =>
    chosen(c.playlistName, "combination", c.id, combinationsPaused),
  );
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
  const run = runOf(deps.db, userId, id);
  if (!run) throw notFound("Distribution not found.");
  const end = run.finishedAt ?? deps.clock.now();
  const rows = loadPartsChangedBetween(deps.db, userId, run.createdAt, end);
  return {
    finished: run.finishedAt !== null,
    playlists: rows
      .sort((a, b) => compareNames(a.name, b.name))
      .map((row) => ({ ...toPart(row), created: row.createdAt >= run.createdAt && row.createdAt <= end })),
  };
}
