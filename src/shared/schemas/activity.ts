// Inputs of a playlist's activity and of taking a change back (put back, recreate): one zod schema per input,
// for the tRPC router and the REST shims alike.
import { z } from "zod";
import { activityLimits } from "../activity.ts";
import { playlistName, spotifyId } from "./explain.ts";

/** GET /api/playlists/{name}/activity?limit */
export const PlaylistActivitySchema = z.object({
  name: playlistName,
  limit: z.coerce.number().int().min(1).max(activityLimits.maxEntries).default(activityLimits.defaultEntries),
});
export type PlaylistActivityInput = z.infer<typeof PlaylistActivitySchema>;

/** POST /api/playlists/{name}/put-back `{trackId}` */
export const PutBackSchema = z.object({ name: playlistName, trackId: spotifyId }).strict();
export type PutBackInput = z.infer<typeof PutBackSchema>;

/** POST /api/playlists/{name}/recreate */
export const RecreateSchema = z.object({ name: playlistName });
