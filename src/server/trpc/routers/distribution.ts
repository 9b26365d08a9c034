import {
  AnalysisIdSchema,
  AnalysisResultsSchema,
  DeletePredefinedSchema,
  DistributeHistoricallySchema,
  DistributionIdSchema,
} from "../../../shared/schemas/distribution.ts";
import { cancelAnalysis, getAnalysisResults, startAnalysis } from "../../analysis/service.ts";
import { createdCombinationNames } from "../../distribution/created-combinations.ts";
import { playlistsMadeByEntries } from "../../distribution/playlists-made.ts";
import { getListenerPreferences, getPlaylistPreferences } from "../../distribution/preferences.ts";
import { deletePredefined, distributeHistorically, getProgress } from "../../distribution/service.ts";
import { authedProcedure, oneExpensivePerRequest, router } from "../core/init.ts";

export const distributionRouter = router({
  /** GET /api/playlist-preferences */
  preferences: authedProcedure.query(({ ctx }) => getPlaylistPreferences(ctx.deps, ctx.user)),
  /** the same without the catalogue's part, which the client takes from its bundle (per page view: a few KB) */
  listenerPreferences: authedProcedure.query(({ ctx }) => getListenerPreferences(ctx.deps, ctx.user)),
  /** how many Spotify playlists the entries that make several would make now (reads the whole library) */
  playlistsMade: authedProcedure
    .use(oneExpensivePerRequest)
    .query(({ ctx }) => playlistsMadeByEntries(ctx.deps, ctx.user.userId)),
  /** POST /api/distributor/distribute-historically */
  distributeHistorically: authedProcedure
    .input(DistributeHistoricallySchema)
    .use(oneExpensivePerRequest)
    .mutation(({ ctx, input }) => distributeHistorically(ctx.deps, ctx.user, input)),
  /** GET /api/distributor/{id}/progress */
  progress: authedProcedure
    .input(DistributionIdSchema)
    .query(({ ctx, input }) => getProgress(ctx.deps, ctx.user.userId, input.id)),
  /** the combination playlists a combination run was started for (the created page, when its tab kept no names) */
  createdCombinations: authedProcedure
    .input(DistributionIdSchema)
    .query(({ ctx, input }) => createdCombinationNames(ctx.deps, ctx.user.userId, input.id)),
  /** DELETE /api/distributor/predefined/{name} */
  deletePredefined: authedProcedure
    .input(DeletePredefinedSchema)
    .use(oneExpensivePerRequest)
    .mutation(({ ctx, input }) => deletePredefined(ctx.deps, ctx.user, input.name)),
  /** POST /api/distributor/analysis */
  startAnalysis: authedProcedure
    .use(oneExpensivePerRequest)
    .mutation(({ ctx }) => startAnalysis(ctx.deps, ctx.user.userId)),
  /** GET /api/distributor/analysis/{id}?afterSegmentNumber= */
  analysisResults: authedProcedure
    .input(AnalysisResultsSchema)
    .use(oneExpensivePerRequest)
    .query(({ ctx, input }) =>
      getAnalysisResults(ctx.deps, ctx.user.userId, input.id, input.afterSegmentNumber),
    ),
  /** POST /api/distributor/analysis/{id}/cancel */
  cancelAnalysis: authedProcedure
    .input(AnalysisIdSchema)
    .mutation(({ ctx, input }) => cancelAnalysis(ctx.deps, ctx.user.userId, input.id)),
});
