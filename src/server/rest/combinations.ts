import { Hono } from "hono";
import {
  CombinationIdSchema,
  CreateCombinationsSchema,
  PreviewRuleSchema,
  UpdateCombinationBodySchema,
} from "../../shared/combinations/schema.ts";
import { rateRules } from "../../shared/rate-rules.ts";
import type { Deps } from "../deps/deps.ts";
import { deleteCombination } from "../distribution/combinations/requests/deletion.ts";
import { previewRule } from "../distribution/combinations/requests/preview.ts";
import { createCombinations } from "../distribution/combinations/requests/service.ts";
import { updateCombination } from "../distribution/combinations/requests/update.ts";
import { jsonBody, parseWith, requireUser } from "./validate.ts";

/** The combination calls; their list is part of GET /api/playlist-preferences (distribution shim). */
export function combinationsRest(deps: Deps) {
  return new Hono()
    .post("/distributor/combinatorial", async (c) => {
      const user = requireUser(c, deps);
      const input = await jsonBody(c, CreateCombinationsSchema);
      return c.json(await createCombinations(deps, user, input));
    })
    .post("/distributor/combinatorial/preview", async (c) => {
      const user = requireUser(c, deps);
      const input = await jsonBody(c, PreviewRuleSchema);
      // a read of the whole library, as the tRPC procedure counts it
      deps.rateLimits.take(rateRules.libraryRead, user.userId);
      return c.json(await previewRule(deps, user, input));
    })
    .put("/distributor/combinatorial/:id", async (c) => {
      const user = requireUser(c, deps);
      const { id } = parseWith(CombinationIdSchema, { id: c.req.param("id") });
      const body = await jsonBody(c, UpdateCombinationBodySchema);
      return c.json(await updateCombination(deps, user, { ...body, id }));
    })
    .delete("/distributor/combinatorial/:id", (c) => {
      const user = requireUser(c, deps);
      const { id } = parseWith(CombinationIdSchema, { id: c.req.param("id") });
      return c.json(deleteCombination(deps, user, id));
    });
}
