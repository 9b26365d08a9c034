import { DistributionIdSchema } from "../../../shared/schemas/distribution.ts";
import { noticeDeletedPlaylists } from "../../playlists/deletion-check.ts";
import { getPlaylistsOverview, getRunPlaylists } from "../../playlists/overview.ts";
import { authedProcedure, router } from "../core/init.ts";

export const playlistsRouter = router({
  /** GET /api/playlist-preferences/playlists */
  overview: authedProcedure.query(async ({ ctx }) => {
    await noticeDeletedPlaylists(ctx.deps, ctx.user.userId);
    return getPlaylistsOverview(ctx.deps, ctx.user);
  }),
  /** GET /api/distributor/{id}/playlists */
  ofRun: authedProcedure
    .input(DistributionIdSchema)
    .query(({ ctx, input }) => getRunPlaylists(ctx.deps, ctx.user.userId, input.id)),
});
