import { DeleteDataSchema } from "../../../shared/schemas/account.ts";
import { deleteAccountData } from "../../account/delete.ts";
import { collectPersonalData } from "../../account/personal-data.ts";
import { clearSessionCookie } from "../../auth/cookies.ts";
import { authedProcedure, router } from "../init.ts";

export const accountRouter = router({
  personalData: authedProcedure.query(({ ctx }) => collectPersonalData(ctx.deps.db, ctx.user.userId)),
  deleteData: authedProcedure.input(DeleteDataSchema.optional()).mutation(({ ctx }) => {
    const result = deleteAccountData(ctx.deps.db, ctx.deps.clock, ctx.user.userId);
    ctx.resHeaders.append("Set-Cookie", clearSessionCookie(ctx.deps.config));
    return result;
  }),
});
