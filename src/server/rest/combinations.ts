import { Hono } from "hono";
import { CombinationIdSchema, CreateCombinationsSchema } from "../../shared/combinations/schema.ts";
import type { Deps } from "../deps/deps.ts";
import { deleteCombination } from "../distribution/combinations/requests/deletion.ts";
import { createCombinations } from "../distribution/combinations/requests/service.ts";
import { jsonBody, parseWith, requireUser } from "./validate.ts";

/** The combination calls; their list is part of GET /api/playlist-preferences (distribution shim). */
export function combinationsRest(deps: Deps) {
  return new Hono()
    .post("/distributor/combinatorial", async (c) => {
      const user = requireUser(c, deps);
      const input = await jsonBody(c, CreateCombinationsSchema);
      return c.json(createCombinations(deps, user, input));
    })
    .delete("/distributor/combinatorial/:id", (c) => {
      const user = requireUser(c, deps);
      const { id } = parseWith(CombinationIdSchema, { id: c.req.param("id") });
      return c.json(deleteCombination(deps, user, id));
    });
}
