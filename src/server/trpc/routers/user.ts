import { getMembershipLevel } from "../../user/membership.ts";
import { authedProcedure, router } from "../init.ts";

export const userRouter = router({
  membershipLevel: authedProcedure.query(({ ctx }) => getMembershipLevel(ctx.deps.db, ctx.user.userId)),
  id: authedProcedure.query(({ ctx }) => ({ userId: ctx.user.userId })),
});
