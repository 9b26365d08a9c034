import { rateRules } from "../../../shared/rate-rules.ts";
import { DeleteDataSchema } from "../../../shared/schemas/account.ts";
import { deleteAccount } from "../../account/delete.ts";
import { downloadPersonalData, previewPersonalData } from "../../account/personal-data.ts";
import { clearSessionCookie } from "../../auth/cookies.ts";
import { authedProcedure, oneExpensivePerRequest, router } from "../core/init.ts";

export const accountRouter = router({
  personalData: authedProcedure.use(oneExpensivePerRequest).query(({ ctx }) => {
    ctx.deps.rateLimits.take(rateRules.personalData, ctx.user.userId);
    return downloadPersonalData(ctx.deps.db, ctx.deps.config.databasePath, ctx.user.userId);
  }),
  /** what /settings/my-data shows: the export with its long lists cut (the download holds the whole) */
  personalDataPreview: authedProcedure
    .use(oneExpensivePerRequest)
    .query(({ ctx }) => previewPersonalData(ctx.deps.db, ctx.user.userId)),
  deleteData: authedProcedure
    .input(DeleteDataSchema.optional())
    .use(oneExpensivePerRequest)
    .mutation(async ({ ctx }) => {
      const result = await deleteAccount(ctx.deps, ctx.user.userId);
      ctx.resHeaders.append("Set-Cookie", clearSessionCookie(ctx.deps.config));
      return result;
    }),
});
