import {
  AnalysisIdSchema,
  AnalysisResultsSchema,
  DeletePredefinedSchema,
  DistributeHistoricallySchema,
  DistributionIdSchema,
  type DistributionProgress,
} from "../../../shared/schemas/distribution.ts";
import { cancelAnalysis, getAnalysisResults, startAnalysis } from "../../analysis/service.ts";
import { readMemo } from "../../db/read-memo.ts";
import {
  getListenerPreferences,
  getPlaylistPreferences,
  type ListenerPreferences,
} from "../../distribution/preferences.ts";
import { deletePredefined, distributeHistorically, getProgress } from "../../distribution/service.ts";
import { preferencesMemoKey, progressMemoKey } from "../../http/listener-reads.ts";
import { authedProcedure, oneExpensivePerRequest, router } from "../core/init.ts";

// What pages repeat most — a polled run's progress, the listener's part of the preferences on every view — is kept
// at the edge while nothing was written (db/read-memo.ts); the services return plain values.
const rememberedProgress = readMemo<DistributionProgress>();
const rememberedListenerPreferences = readMemo<ListenerPreferences>();

export const distributionRouter = router({
  /** GET /api/playlist-preferences */
  preferences: authedProcedure.query(({ ctx }) => getPlaylistPreferences(ctx.deps, ctx.user)),
  /** the same without the catalogue's part, which the client takes from its bundle (per page view: a few KB) */
  listenerPreferences: authedProcedure.query(({ ctx }) =>
    rememberedListenerPreferences.get(ctx.deps.db, preferencesMemoKey(ctx.user), () =>
      getListenerPreferences(ctx.deps, ctx.user),
    ),
  ),
  /** POST /api/distributor/distribute-historically */
  distributeHistorically: authedProcedure
    .input(DistributeHistoricallySchema)
    .use(oneExpensivePerRequest)
    .mutation(({ ctx, input }) => distributeHistorically(ctx.deps, ctx.user, input)),
  /** GET /api/distributor/{id}/progress */
  progress: authedProcedure
    .input(DistributionIdSchema)
    .query(({ ctx, input }) =>
      rememberedProgress.get(ctx.deps.db, progressMemoKey(ctx.user, input.id), () =>
        getProgress(ctx.deps, ctx.user.userId, input.id),
      ),
    ),
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
    .query(({ ctx, input }) =>
      getAnalysisResults(ctx.deps, ctx.user.userId, input.id, input.afterSegmentNumber),
    ),
  /** POST /api/distributor/analysis/{id}/cancel */
  cancelAnalysis: authedProcedure
    .input(AnalysisIdSchema)
    .mutation(({ ctx, input }) => cancelAnalysis(ctx.deps, ctx.user.userId, input.id)),
});
