// The listener's own facts about artists (artist_corrections): genres and/or country overriding every source,
// for their playlists only.
import { and, asc, eq, isNotNull, or } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { artistCorrections, artists } from "../db/schema/index.ts";

export type CorrectionRow = typeof artistCorrections.$inferSelect;

export interface ArtistCorrection {
  artistId: string;
  genres: string[] | null;
  country: string | null;
  createdAt: number;
}

const toCorrection = (row: CorrectionRow): ArtistCorrection => ({
  artistId: row.artistId,
  genres: Array.isArray(row.genres) ? row.genres : null,
  country: row.country,
  createdAt: row.createdAt,
});

/** The user's corrections with the artists' names (the id when the artist is not known). */
export function correctionsOfUser(db: Db, userId: string): (ArtistCorrection & { name: string })[] {
  return db
    .select({ correction: artistCorrections, name: artists.name })
    .from(artistCorrections)
    .leftJoin(artists, eq(artists.id, artistCorrections.artistId))
    .where(eq(artistCorrections.userId, userId))
    .orderBy(asc(artistCorrections.createdAt), asc(artistCorrections.artistId))
    .all()
    .map((r) => ({ ...toCorrection(r.correction), name: r.name ?? r.correction.artistId }))
    .filter(inForce);
}

/** The user's corrections by artist id, undone ones included (their songs are still reconciled). */
export function correctionMap(db: Db, userId: string): Map<string, ArtistCorrection> {
  const rows = db.select().from(artistCorrections).where(eq(artistCorrections.userId, userId)).all();
  return new Map(rows.map((row) => [row.artistId, toCorrection(row)]));
}

/** Stores (or replaces) the correction of one artist. */
export function upsertCorrection(db: Db, userId: string, correction: ArtistCorrection): ArtistCorrection {
  const values = { userId, ...correction };
  const row = db
    .insert(artistCorrections)
    .values(values)
    .onConflictDoUpdate({
      target: [artistCorrections.userId, artistCorrections.artistId],
      set: { genres: correction.genres, country: correction.country, createdAt: correction.createdAt },
    })
    .returning()
    .get();
  return toCorrection(row);
}

/**
 * Undoes a correction. The row stays, cleared (genres and country null), so the artist's songs are still
 * reconciled at the next update: out of the playlists only the correction qualified them for.
 */
export function deleteCorrection(db: Db, userId: string, artistId: string): boolean {
  return (
    db
      .update(artistCorrections)
      .set({ genres: null, country: null })
      .where(
        and(
          eq(artistCorrections.userId, userId),
          eq(artistCorrections.artistId, artistId),
          or(isNotNull(artistCorrections.genres), isNotNull(artistCorrections.country)),
        ),
      )
      .returning()
      .all().length > 0
  );
}

/** A correction in force (not undone). */
export const inForce = (c: ArtistCorrection): boolean => c.genres !== null || c.country !== null;

/** The user's liked tracks with at least one corrected artist. */
export function likedTracksOfCorrectedArtists(db: Db, userId: string): Set<string> {
  const rows = db.$client
    .query<never, [string, string]>(
      `SELECT DISTINCT l.track_id FROM likes l JOIN tracks t ON t.id = l.track_id
        WHERE l.user_id = ?1 AND EXISTS (
          SELECT 1 FROM json_each(t.artist_ids) j
          JOIN artist_corrections c ON c.user_id = ?2 AND c.artist_id = j.value)`,
    )
    .values(userId, userId) as [string][];
  return new Set(rows.map((r) => r[0]));
}
