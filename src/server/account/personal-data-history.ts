import { asc, eq, inArray } from "drizzle-orm";
import type { PersonalData } from "../../shared/schemas/account.ts";
import type { Db } from "../db/client.ts";
import {
  analyses,
  analysisSegments,
  distributionEntries,
  distributions,
  journalSteps,
  managedPlaylists,
  playlistLayouts,
  playlistSongs,
} from "../db/schema/index.ts";

// The larger parts of the personal-data export: playlists with their songs, distribution runs, analyses.

export const iso = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? null : new Date(ms).toISOString();

export function managedPlaylistsOf(db: Db, userId: string): PersonalData["managedPlaylists"] {
  const playlists = db
    .select()
    .from(managedPlaylists)
    .where(eq(managedPlaylists.userId, userId))
    .orderBy(asc(managedPlaylists.createdAt))
    .all();
  const songs = playlists.length
    ? db
        .select()
        .from(playlistSongs)
        .where(
          inArray(
            playlistSongs.playlistId,
            playlists.map((p) => p.id),
          ),
        )
        .orderBy(asc(playlistSongs.addedAt))
        .all()
    : [];
  const layouts = new Map(
    playlists.length
      ? db
          .select()
          .from(playlistLayouts)
          .where(
            inArray(
              playlistLayouts.playlistId,
              playlists.map((p) => p.id),
            ),
          )
          .all()
          .map((l) => [l.playlistId, l.entries])
      : [],
  );
  return playlists.map((p) => ({
    name: p.name,
    spotifyPlaylistId: p.spotifyPlaylistId,
    source: p.source,
    preference: p.preferenceKey,
    bucket: p.bucket,
    sequence: p.sequence,
    status: p.status,
    createdAt: iso(p.createdAt),
    latestTrackAddedAt: iso(p.latestTrackAddedAt),
    latestSettledTrackLikedAt: iso(p.latestSettledTrackLikedAt),
    samplePeriod: p.samplePeriod,
    spotifySnapshotId: p.snapshotId,
    itemsAsLastRead: layouts.get(p.id) ?? null,
    songsAdded: songs
      .filter((s) => s.playlistId === p.id)
      .map((s) => ({
        trackId: s.trackId,
        addedAt: iso(s.addedAt),
        removedAt: iso(s.removedAt),
        missingSince: iso(s.missingSince),
      })),
  }));
}

export function distributionsOf(db: Db, userId: string): PersonalData["distributionHistory"] {
  const runs = db
    .select()
    .from(distributions)
    .where(eq(distributions.userId, userId))
    .orderBy(asc(distributions.createdAt))
    .all();
  const ids = runs.map((r) => r.id);
  const entries = ids.length
    ? db.select().from(distributionEntries).where(inArray(distributionEntries.distributionId, ids)).all()
    : [];
  const steps = ids.length
    ? db
        .select()
        .from(journalSteps)
        .where(inArray(journalSteps.distributionId, ids))
        .orderBy(asc(journalSteps.id))
        .all()
    : [];
  return runs.map((r) => ({
    distributionId: r.id,
    trigger: r.trigger,
    status: r.status,
    request: r.request,
    createdPlaylistNames: r.createdPlaylistNames,
    removedPlaylistNames: r.removedPlaylistNames,
    totalNumberOfLikedSongs: r.totalNumberOfLikedSongs,
    createdAt: iso(r.createdAt),
    finishedAt: iso(r.finishedAt),
    error: r.error,
    progress: entries
      .filter((e) => e.distributionId === r.id)
      .map((e) => ({
        distributionType: e.distributionType,
        totalWork: e.totalWork,
        completedWork: e.completedWork,
      })),
    spotifyWrites: steps
      .filter((s) => s.distributionId === r.id)
      .map((s) => ({
        spotifyPlaylistId: s.playlistId,
        operation: s.op,
        trackIds: s.trackIds,
        status: s.status,
        at: iso(s.updatedAt),
      })),
  }));
}

export function analysesOf(db: Db, userId: string): PersonalData["analyses"] {
  const runs = db
    .select()
    .from(analyses)
    .where(eq(analyses.userId, userId))
    .orderBy(asc(analyses.createdAt))
    .all();
  const ids = runs.map((r) => r.id);
  const segments = ids.length
    ? db
        .select()
        .from(analysisSegments)
        .where(inArray(analysisSegments.analysisId, ids))
        .orderBy(asc(analysisSegments.segmentNumber))
        .all()
    : [];
  return runs.map((r) => ({
    analysisId: r.id,
    status: r.status,
    createdAt: iso(r.createdAt),
    finishedAt: iso(r.finishedAt),
    results: segments
      .filter((s) => s.analysisId === r.id)
      .map((s) => ({ segmentNumber: s.segmentNumber, type: s.type, result: s.result })),
  }));
}
