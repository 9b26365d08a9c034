// The facts repository: writes facts into the shared metadata cache with their provenance; a track whose facts
// change is classified again. Which source wins follows the configured order (`METADATA_SOURCES`): a source
// writes a fact that is missing, or that a later source (or one no longer configured) gave.
import { and, eq, isNull, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { classifiedFeatureNames, type FeatureFacts } from "../../../shared/audio-features.ts";
import type { MetadataSourceName } from "../../../shared/metadata-sources.ts";
import type { Db } from "../../db/client.ts";
import { artists, tracks } from "../../db/schema/index.ts";
import { transaction } from "../../db/transaction.ts";

type Artist = typeof artists.$inferSelect;

/** The configured sources, earliest (winning) first. */
export type SourceOrder = readonly MetadataSourceName[];

/** The fact whose provenance is `column` is missing, or came from a source `source` outranks (or from itself). */
function mayOverwrite(column: SQLiteColumn, source: MetadataSourceName, order: SourceOrder): SQL | undefined {
  const rank = order.indexOf(source);
  // a source outside the configured order (asked directly, as a test does) ranks last
  const earlier = rank < 0 ? order : order.slice(0, rank);
  return earlier.length === 0 ? undefined : or(isNull(column), notInArray(column, [...earlier]));
}

/** A value bound when the statement runs (a batch's update is built once and run for each track). */
const bound = (name: string): SQL => sql`${sql.placeholder(name)}`;

const featuresBesidesTempo = classifiedFeatureNames.filter((name) => name !== "tempo");

/** Features from a feature source (spotify, reccobeats); their tempo wins over a later source's. */
export function storeFeatures(
  db: Db,
  features: ReadonlyMap<string, FeatureFacts>,
  source: MetadataSourceName,
  now: number,
  order: SourceOrder,
): void {
  transaction(db, (tx) => {
    // built once for the batch: building a query costs more than SQLite spends running it
    const writeFeatures = tx
      .update(tracks)
      .set({
        ...Object.fromEntries(featuresBesidesTempo.map((name) => [name, bound(name)])),
        featuresStatus: "present",
        featuresSource: source,
        featuresFetchedAt: now,
        categories: null,
      })
      .where(and(eq(tracks.id, sql.placeholder("id")), mayOverwrite(tracks.featuresSource, source, order)))
      .prepare();
    const writeTempo = tempoWriter(tx, source, order);
    for (const [id, facts] of features) {
      writeFeatures.run({
        id,
        ...Object.fromEntries(featuresBesidesTempo.map((name) => [name, facts[name]])),
      });
      if (facts.tempo !== null && facts.tempo !== undefined) writeTempo(id, facts.tempo);
    }
  });
}

/** Writes a tempo where no earlier source gave one; built once, run for each track. */
function tempoWriter(
  db: Db,
  source: MetadataSourceName,
  order: SourceOrder,
): (trackId: string, bpm: number) => void {
  const allowed = mayOverwrite(tracks.tempoSource, source, order);
  const update = db
    .update(tracks)
    .set({ tempo: bound("bpm"), tempoSource: source, categories: null })
    .where(and(eq(tracks.id, sql.placeholder("id")), allowed && or(isNull(tracks.tempo), allowed)))
    .prepare();
  return (trackId, bpm) => {
    update.run({ id: trackId, bpm });
  };
}

/** A tempo alone (Deezer's bpm), or a feature source's, where no earlier source gave one. */
export function storeTempo(
  db: Db,
  source: MetadataSourceName,
  trackId: string,
  bpm: number,
  order: SourceOrder,
): void {
  tempoWriter(db, source, order)(trackId, bpm);
}

/** The MusicBrainz id (and country, when given) of a Spotify artist. */
export function storeArtistLink(db: Db, artistId: string, mbid: string, country: string | null): void {
  db.update(artists)
    .set(country === null ? { mbid } : { mbid, country })
    .where(eq(artists.id, artistId))
    .run();
}

/** MusicBrainz tags (and country, where none is known) of every artist with this MusicBrainz id. */
export function storeArtistTags(
  db: Db,
  mbid: string,
  tags: readonly string[],
  country: Artist["country"],
  now: number,
): void {
  db.update(artists)
    .set({ mbTags: [...tags], mbFetchedAt: now })
    .where(eq(artists.mbid, mbid))
    .run();
  if (country !== null)
    db.update(artists)
      .set({ country })
      .where(and(eq(artists.mbid, mbid), isNull(artists.country)))
      .run();
}
