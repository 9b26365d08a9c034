import { signOut } from "../../auth/sign-out.ts";
import { publicProcedure, router } from "../core/init.ts";

export const authRouter = router({
  loggedIn: publicProcedure.query(({ ctx }) => ({ loggedIn: ctx.user !== null })),
  logout: publicProcedure.mutation(({ ctx }) => {
    ctx.resHeaders.append("Set-Cookie", signOut(ctx.deps, ctx.sessionToken));
    return { loggedOut: true };
  }),
});
