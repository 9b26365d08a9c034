// What a rule's preview reads of the songs it lists: their names, artists and when they were liked.
import { and, eq, inArray } from "drizzle-orm";
import type { PreviewSong } from "../../../../shared/combinations/types.ts";
import type { Db } from "../../../db/client.ts";
import { artists, likes, tracks } from "../../../db/schema/index.ts";

/** The songs in the order given (at most a page of them), as a preview lists them. */
export function previewSongsOf(db: Db, userId: string, trackIds: readonly string[]): PreviewSong[] {
  if (trackIds.length === 0) return [];
  const rows = db
    .select({ id: tracks.id, name: tracks.name, artistIds: tracks.artistIds, likedAt: likes.likedAt })
    .from(tracks)
    .leftJoin(likes, and(eq(likes.userId, userId), eq(likes.trackId, tracks.id)))
    .where(inArray(tracks.id, [...trackIds]))
    .all();
  const artistIds = [...new Set(rows.flatMap((r) => (Array.isArray(r.artistIds) ? r.artistIds : [])))];
  const names = new Map(
    artistIds.length === 0
      ? []
      : db
          .select({ id: artists.id, name: artists.name })
          .from(artists)
          .where(inArray(artists.id, artistIds))
          .all()
          .map((a) => [a.id, a.name] as const),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return trackIds.flatMap((trackId) => {
    const row = byId.get(trackId);
    if (!row) return [];
    const ids = Array.isArray(row.artistIds) ? row.artistIds : [];
    return [
      {
        trackId,
        name: row.name,
        artists: ids.map((id) => ({ id, name: names.get(id) ?? id })),
        likedAt: row.likedAt === null ? null : new Date(row.likedAt).toISOString(),
      },
    ];
  });
}
