import { DistributionIdSchema } from "../../../shared/schemas/distribution.ts";
import { openPlaylistsOverview } from "../../playlists/deletion-check.ts";
import { getRunPlaylists } from "../../playlists/overview.ts";
import { authedProcedure, router } from "../core/init.ts";

export const playlistsRouter = router({
  /** GET /api/playlist-preferences/playlists */
  overview: authedProcedure.query(({ ctx }) => openPlaylistsOverview(ctx.deps, ctx.user)),
  /** GET /api/distributor/{id}/playlists */
  ofRun: authedProcedure
    .input(DistributionIdSchema)
    .query(({ ctx, input }) => getRunPlaylists(ctx.deps, ctx.user.userId, input.id)),
});
