import { Hono } from "hono";
import { rateRules } from "../../shared/rate-rules.ts";
import {
  AnalysisIdSchema,
  AnalysisResultsSchema,
  DeletePredefinedSchema,
  DistributeHistoricallySchema,
  DistributionIdSchema,
} from "../../shared/schemas/distribution.ts";
import { cancelAnalysis, getAnalysisResults, startAnalysis } from "../analysis/service.ts";
import type { Deps } from "../deps/deps.ts";
import { getPlaylistPreferences } from "../distribution/preferences.ts";
import { deletePredefined, distributeHistorically, getProgress } from "../distribution/service.ts";
import { jsonBody, parseWith, reading, requireUser } from "./validate.ts";

export function distributionRest(deps: Deps) {
  return new Hono()
    .get(
      "/playlist-preferences",
      reading(deps, (c) => getPlaylistPreferences(deps, requireUser(c, deps))),
    )
    .post("/distributor/distribute-historically", async (c) => {
      const user = requireUser(c, deps);
      const input = await jsonBody(c, DistributeHistoricallySchema);
      return c.json(await distributeHistorically(deps, user, input));
    })
    .get(
      "/distributor/:id/progress",
      reading(deps, (c) => {
        const user = requireUser(c, deps);
        const { id } = parseWith(DistributionIdSchema, { id: c.req.param("id") });
        return getProgress(deps, user.userId, id);
      }),
    )
    .delete("/distributor/predefined/:name", (c) => {
      const user = requireUser(c, deps);
      const { name } = parseWith(DeletePredefinedSchema, { name: c.req.param("name") });
      return c.json(deletePredefined(deps, user, name));
    })
    .post("/distributor/analysis", (c) => c.json(startAnalysis(deps, requireUser(c, deps).userId)))
    .get(
      "/distributor/analysis/:id",
      reading(deps, (c) => {
        const user = requireUser(c, deps);
        const input = parseWith(AnalysisResultsSchema, {
          id: c.req.param("id"),
          afterSegmentNumber: c.req.query("afterSegmentNumber") || undefined,
        });
        // its coverage reads the whole library, as the tRPC query counts
        deps.rateLimits.take(rateRules.libraryRead, user.userId);
        return getAnalysisResults(deps, user.userId, input.id, input.afterSegmentNumber);
      }),
    )
    .post("/distributor/analysis/:id/cancel", (c) => {
      const user = requireUser(c, deps);
      const { id } = parseWith(AnalysisIdSchema, { id: c.req.param("id") });
      return c.json(cancelAnalysis(deps, user.userId, id));
    });
}
