import { PlaylistActivitySchema, PutBackSchema, RecreateSchema } from "../../../shared/schemas/activity.ts";
import { getPlaylistActivity } from "../../playlists/activity.ts";
import { putBackSong, recreatePlaylist } from "../../playlists/take-back.ts";
import { authedProcedure, router } from "../core/init.ts";

export const activityRouter = router({
  /** GET /api/playlists/{name}/activity */
  list: authedProcedure
    .input(PlaylistActivitySchema)
    .query(({ ctx, input }) => getPlaylistActivity(ctx.deps, ctx.user, input)),
  /** POST /api/playlists/{name}/put-back */
  putBack: authedProcedure
    .input(PutBackSchema)
    .mutation(({ ctx, input }) => putBackSong(ctx.deps, ctx.user, input)),
  /** POST /api/playlists/{name}/recreate */
  recreate: authedProcedure
    .input(RecreateSchema)
    .mutation(({ ctx, input }) => recreatePlaylist(ctx.deps, ctx.user, input.name)),
});
