import { CombinationIdSchema, CreateCombinationsSchema } from "../../../shared/combinations/schema.ts";
import { deleteCombination } from "../../distribution/combinations/requests/deletion.ts";
import {
  createCombinations,
  listCombinatorialPreferencesOf,
} from "../../distribution/combinations/requests/service.ts";
import { authedProcedure, oneExpensivePerRequest, router } from "../core/init.ts";

export const combinationsRouter = router({
  /** the combinations of GET /api/playlist-preferences */
  list: authedProcedure.query(({ ctx }) => listCombinatorialPreferencesOf(ctx.deps, ctx.user.userId)),
  /** POST /api/distributor/combinatorial */
  create: authedProcedure
    .input(CreateCombinationsSchema)
    .use(oneExpensivePerRequest)
    .mutation(({ ctx, input }) => createCombinations(ctx.deps, ctx.user, input)),
  /** DELETE /api/distributor/combinatorial/{id} */
  delete: authedProcedure
    .input(CombinationIdSchema)
    .use(oneExpensivePerRequest)
    .mutation(({ ctx, input }) => deleteCombination(ctx.deps, ctx.user, input.id)),
});
