import {
  CombinationIdSchema,
  CreateCombinationsSchema,
  PreviewRuleSchema,
  RuleNamesSchema,
  UpdateCombinationSchema,
} from "../../../shared/combinations/schema.ts";
import { deleteCombination } from "../../distribution/combinations/requests/deletion.ts";
import { previewRule } from "../../distribution/combinations/requests/preview.ts";
import { listOwnPlaylists, ruleNames } from "../../distribution/combinations/requests/rule-lookups.ts";
import {
  createCombinations,
  listCombinatorialPreferencesOf,
} from "../../distribution/combinations/requests/service.ts";
import { updateCombination } from "../../distribution/combinations/requests/update.ts";
import { authedProcedure, oneExpensivePerRequest, router } from "../core/init.ts";

export const combinationsRouter = router({
  /** the combinations of GET /api/playlist-preferences */
  list: authedProcedure.query(({ ctx }) => listCombinatorialPreferencesOf(ctx.deps, ctx.user.userId)),
  /** POST /api/distributor/combinatorial */
  create: authedProcedure
    .input(CreateCombinationsSchema)
    .use(oneExpensivePerRequest)
    .mutation(({ ctx, input }) => createCombinations(ctx.deps, ctx.user, input)),
  /** PUT /api/distributor/combinatorial/{id}: replaces the rule; its playlist follows at once */
  update: authedProcedure
    .input(UpdateCombinationSchema)
    .use(oneExpensivePerRequest)
    .mutation(({ ctx, input }) => updateCombination(ctx.deps, ctx.user, input)),
  /** POST /api/distributor/combinatorial/preview: how many songs a rule holds now, and the first 50 (writes nothing) */
  preview: authedProcedure
    .input(PreviewRuleSchema)
    .use(oneExpensivePerRequest)
    .query(({ ctx, input }) => previewRule(ctx.deps, ctx.user, input)),
  /** the listener's own Spotify playlists a criterion may name (one Spotify listing; no REST path) */
  ownPlaylists: authedProcedure.query(({ ctx }) => listOwnPlaylists(ctx.deps, ctx.user)),
  /** the names of the artists and playlists stored rules name, for the table and the editor (no REST path) */
  names: authedProcedure
    .input(RuleNamesSchema)
    .query(({ ctx, input }) => ruleNames(ctx.deps, ctx.user, input.id)),
  /** DELETE /api/distributor/combinatorial/{id} */
  delete: authedProcedure
    .input(CombinationIdSchema)
    .use(oneExpensivePerRequest)
    .mutation(({ ctx, input }) => deleteCombination(ctx.deps, ctx.user, input.id)),
});
