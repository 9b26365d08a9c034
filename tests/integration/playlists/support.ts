// Duplicate recordings of the test catalogue (the harness's small one) and the overview calls.

import { DEFAULT_SEED } from "../../../src/emulators/spotify/index.ts";
import { buildCatalogue } from "../../../src/emulators/spotify/model/catalogue.ts";
import { catalogueGenreStrings } from "../../../src/emulators/spotify/model/catalogue-genres.ts";
import { buildGenrePool } from "../../../src/emulators/spotify/model/genre-pool.ts";
import type { PlaylistsOverview, RunPlaylists } from "../../../src/shared/playlist-overview.ts";
import { call, type Harness, type Listener } from "../distribution/support.ts";

export const testCatalogueSize = { artists: 300, tracks: 3_000 };

/** [single's track id, album's track id] of each recording the test catalogue holds twice. */
export function duplicatePairs(): [string, string][] {
  const catalogue = buildCatalogue(DEFAULT_SEED, buildGenrePool(catalogueGenreStrings()), testCatalogueSize);
  return catalogue.sameRecordings.map((r) => [
    catalogue.track(r.single)?.id ?? "",
    catalogue.track(r.album)?.id ?? "",
  ]);
}

/** A track of the test catalogue that is no duplicate, by index from the end (distinct for distinct n). */
export function plainTrack(n: number): string {
  const catalogue = buildCatalogue(DEFAULT_SEED, buildGenrePool(catalogueGenreStrings()), testCatalogueSize);
  const taken = new Set(catalogue.sameRecordings.flatMap((r) => [r.single, r.album]));
  let index = catalogue.trackCount - 1;
  for (let seen = -1; index >= 0; index--) {
    if (taken.has(index)) continue;
    seen += 1;
    if (seen === n) break;
  }
  return catalogue.track(index)?.id ?? "";
}

export async function overview(h: Harness, l: Listener): Promise<PlaylistsOverview> {
  const answer = await call(h, l.cookie, "GET", "/api/playlist-preferences/playlists");
  if (answer.status !== 200) throw new Error(`overview answered ${answer.status}`);
  return answer.body as unknown as PlaylistsOverview;
}

export async function runPlaylists(h: Harness, l: Listener, id: string): Promise<RunPlaylists> {
  const answer = await call(h, l.cookie, "GET", `/api/distributor/${id}/playlists`);
  if (answer.status !== 200) throw new Error(`run playlists answered ${answer.status}`);
  return answer.body as unknown as RunPlaylists;
}

export const setSettings = (h: Harness, l: Listener, addRecordingOnce?: boolean) =>
  call(h, l.cookie, "PUT", "/api/playlist-preferences/settings", {
    createPlaylistsAsPrivate: false,
    removePlaylistPostfix: true,
    ...(addRecordingOnce === undefined ? {} : { addRecordingOnce }),
  });
