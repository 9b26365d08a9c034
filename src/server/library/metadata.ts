// The shared metadata cache: artists (genres) and audio features are fetched once for everyone, only when
// missing, in the largest batches the API allows (the client batches 50 artists / 100 tracks a call).
import type { Database } from "bun:sqlite";
import type { Deps } from "../deps.ts";
import type { SpotifyUserApi } from "../spotify/types.ts";

type MetadataDeps = Pick<Deps, "db" | "clock">;

/** How long a 403 from audio features is trusted before the source is tried again. */
export const FEATURES_RECHECK_MS = 24 * 3600_000;
/** Ids handed to the client per round; each round is stored before the next, so a failure keeps what arrived. */
const ROUND = 1000;

export interface EnrichResult {
  artistsFetched: number;
  featuresFetched: number;
  featuresUnavailable: boolean;
}

/** True when the provider refuses audio features (mood and tempo playlists cannot be filled). */
export function audioFeaturesUnavailable(deps: Pick<Deps, "db">): boolean {
  const row = deps.db.$client
    .query<{ status: string }, []>("SELECT status FROM metadata_sources WHERE source = 'audioFeatures'")
    .get();
  return row?.status === "unavailable";
}

function recordSource(sqlite: Database, status: "available" | "unavailable", now: number) {
  sqlite
    .query(
      `INSERT INTO metadata_sources (source, status, checked_at) VALUES ('audioFeatures', ?, ?)
       ON CONFLICT(source) DO UPDATE SET status = excluded.status, checked_at = excluded.checked_at`,
    )
    .run(status, now);
}

/** Fetches the artists and audio features the user's liked tracks still lack. */
export async function enrichLibrary(
  deps: MetadataDeps,
  api: Pick<SpotifyUserApi, "getArtists" | "getAudioFeatures">,
  userId: string,
): Promise<EnrichResult> {
  const sqlite = deps.db.$client;
  const missingArtists = sqlite
    .query<{ id: string }, [string]>(
      `SELECT DISTINCT a.id FROM likes l JOIN tracks t ON t.id = l.track_id, json_each(t.artist_ids) j
       JOIN artists a ON a.id = j.value WHERE l.user_id = ? AND a.fetched_at IS NULL`,
    )
    .all(userId)
    .map((r) => r.id);
  let artistsFetched = 0;
  for (let i = 0; i < missingArtists.length; i += ROUND) {
    const ids = missingArtists.slice(i, i + ROUND);
    const artists = await api.getArtists(ids);
    storeArtists(sqlite, ids, artists, deps.clock.now());
    artistsFetched += ids.length;
  }

  const missingFeatures = sqlite
    .query<{ id: string }, [string]>(
      `SELECT DISTINCT t.id FROM likes l JOIN tracks t ON t.id = l.track_id
       WHERE l.user_id = ? AND t.features_status = 'missing'`,
    )
    .all(userId)
    .map((r) => r.id);
  let featuresFetched = 0;
  const source = sqlite
    .query<{ status: string; checked_at: number }, []>(
      "SELECT status, checked_at FROM metadata_sources WHERE source = 'audioFeatures'",
    )
    .get();
  let unavailable =
    source?.status === "unavailable" && deps.clock.now() - source.checked_at < FEATURES_RECHECK_MS;
  for (let i = 0; i < missingFeatures.length; i += ROUND) {
    const ids = missingFeatures.slice(i, i + ROUND);
    if (unavailable) {
      markFeaturesUnavailable(sqlite, ids);
      continue;
    }
    const features = await api.getAudioFeatures(ids);
    if (features === "unavailable") {
      unavailable = true;
      recordSource(sqlite, "unavailable", deps.clock.now());
      markFeaturesUnavailable(sqlite, ids);
      continue;
    }
    if (source?.status !== "available") recordSource(sqlite, "available", deps.clock.now());
    storeFeatures(sqlite, ids, features);
    featuresFetched += ids.length;
  }
  return { artistsFetched, featuresFetched, featuresUnavailable: unavailable };
}

function storeArtists(
  sqlite: Database,
  ids: readonly string[],
  artists: readonly { id: string; name: string; genres?: string[] }[],
  now: number,
) {
  const update = sqlite.query("UPDATE artists SET name = ?, genres = ?, fetched_at = ? WHERE id = ?");
  const unknown = sqlite.query("UPDATE artists SET genres = '[]', fetched_at = ? WHERE id = ?");
  sqlite.transaction(() => {
    const found = new Set<string>();
    for (const artist of artists) {
      found.add(artist.id);
      update.run(artist.name ?? "", JSON.stringify(artist.genres ?? []), now, artist.id);
    }
    // An artist the provider does not know has no genres; it is not asked for again.
    for (const id of ids) if (!found.has(id)) unknown.run(now, id);
  })();
}

type Features = Awaited<ReturnType<SpotifyUserApi["getAudioFeatures"]>>;

function storeFeatures(sqlite: Database, ids: readonly string[], features: Exclude<Features, "unavailable">) {
  const update = sqlite.query(
    `UPDATE tracks SET features_status = 'present', tempo = ?, energy = ?, valence = ?, danceability = ?,
       acousticness = ?, instrumentalness = ?, speechiness = ?, categories = NULL WHERE id = ?`,
  );
  sqlite.transaction(() => {
    const found = new Set<string>();
    for (const f of features) {
      found.add(f.id);
      update.run(
        f.tempo,
        f.energy,
        f.valence,
        f.danceability,
        f.acousticness,
        f.instrumentalness,
        f.speechiness,
        f.id,
      );
    }
    markFeaturesUnavailable(
      sqlite,
      ids.filter((id) => !found.has(id)),
    );
  })();
}

function markFeaturesUnavailable(sqlite: Database, ids: readonly string[]) {
  const mark = sqlite.query(
    "UPDATE tracks SET features_status = 'unavailable', categories = NULL WHERE id = ? AND features_status = 'missing'",
  );
  sqlite.transaction(() => {
    for (const id of ids) mark.run(id);
  })();
}
