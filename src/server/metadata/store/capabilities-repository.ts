// What Spotify's metadata gives this app, learned from its answers and kept app-wide: audio features and batch
// artists (403 when gone) and artist genres (answered without `genres` by development-mode apps since 2026).
// An unavailable capability is not asked for again until a day has passed.
import type { Database } from "bun:sqlite";
import type { metadataSources } from "../../db/schema/index.ts";

type CapabilityRow = typeof metadataSources.$inferSelect;
type CapabilityStatus = CapabilityRow["status"];

export type SpotifyCapability = "audioFeatures" | "artistsBatch" | "artistGenres";

/** How long "unavailable" is trusted before Spotify is asked again. */
export const CAPABILITY_RECHECK_MS = 24 * 3600_000;

export function isUnavailable(sqlite: Database, capability: SpotifyCapability, now: number): boolean {
  const row = sqlite
    .query<Pick<CapabilityRow, "status" | "checkedAt">, [string]>(
      "SELECT status, checked_at AS checkedAt FROM metadata_sources WHERE source = ?",
    )
    .get(capability);
  return row?.status === "unavailable" && now - row.checkedAt < CAPABILITY_RECHECK_MS;
}

/** The recorded status, whatever its age (for display). */
export function recordedStatus(sqlite: Database, capability: SpotifyCapability): CapabilityStatus | null {
  const row = sqlite
    .query<Pick<CapabilityRow, "status">, [string]>("SELECT status FROM metadata_sources WHERE source = ?")
    .get(capability);
  return row?.status ?? null;
}

export function recordCapability(
  sqlite: Database,
  capability: SpotifyCapability,
  status: CapabilityStatus,
  now: number,
): void {
  // An answer that finds the fact still given writes nothing (each write is a commit the requests wait behind);
  // "unavailable" keeps its time, which says when to ask again.
  if (status === "available" && recordedStatus(sqlite, capability) === "available") return;
  sqlite
    .query<never, [string, CapabilityStatus, number]>(
      `INSERT INTO metadata_sources (source, status, checked_at) VALUES (?, ?, ?)
       ON CONFLICT(source) DO UPDATE SET status = excluded.status, checked_at = excluded.checked_at`,
    )
    .run(capability, status, now);
}
