import { metadataCoverageGivingWay } from "../../metadata/coverage.ts";
import { authedProcedure, oneExpensivePerRequest, router } from "../core/init.ts";

export const metadataRouter = router({
  /** Per metadata group, how many of the user's songs are classified; the lookup's progress while it runs. */
  coverage: authedProcedure
    .use(oneExpensivePerRequest)
    .query(({ ctx }) => metadataCoverageGivingWay(ctx.deps, ctx.user.userId)),
});
